import type { RouteConfigEntry } from "@react-router/dev/routes";

/** Content pages inside the public site layout: about, videos, boat location, privacy, terms. */
export const contentSiteRoutes: RouteConfigEntry[] = [];

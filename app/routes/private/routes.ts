import type { RouteConfigEntry } from "@react-router/dev/routes";

/** Private and special event pages, inside the public site layout. */
export const privateSiteRoutes: RouteConfigEntry[] = [];

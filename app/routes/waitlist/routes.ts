import type { RouteConfigEntry } from "@react-router/dev/routes";

/** The waiting list's public pages: joining, and the offer link. */
export const waitlistSiteRoutes: RouteConfigEntry[] = [];

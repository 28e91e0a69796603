import type { RouteConfigEntry } from "@react-router/dev/routes";

/** The admin side: its gate layout, pages, exports and the auth API. */
export const adminRoutes: RouteConfigEntry[] = [];

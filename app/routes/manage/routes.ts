import type { RouteConfigEntry } from "@react-router/dev/routes";

/** The participant's manage-my-booking pages (signed link from every booking e-mail). */
export const manageSiteRoutes: RouteConfigEntry[] = [];
/** Resource routes of the participant's page (downloads). */
export const manageRoutes: RouteConfigEntry[] = [];

import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** The participant's manage-my-booking pages (signed link from every booking e-mail). */
export const manageSiteRoutes: RouteConfigEntry[] = [route("my-booking/:token", "routes/manage/my-booking.tsx")];
/** Resource routes of the participant's page (downloads). */
export const manageRoutes: RouteConfigEntry[] = [
  route("my-booking/:token/calendar.ics", "routes/manage/calendar-ics.ts"),
  route("my-booking/:token/invoices/:number", "routes/manage/invoice-download.ts"),
];

import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** A group booking's participant's own page (signed link from their invitation, issue 26). */
export const placeSiteRoutes: RouteConfigEntry[] = [route("my-place/:token", "routes/place/my-place.tsx")];
/** Resource routes of the participant's page (their calendar file, their crew file's documents). */
export const placeRoutes: RouteConfigEntry[] = [
  route("my-place/:token/calendar.ics", "routes/place/calendar-ics.ts"),
  route("my-place/:token/files/:fileId", "routes/place/crew-file.ts"),
];

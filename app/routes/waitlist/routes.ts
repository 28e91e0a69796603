import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** The waiting list's public pages: joining, and the offer link. */
export const waitlistSiteRoutes: RouteConfigEntry[] = [
  route("events/:slug/waitlist", "routes/waitlist/join.tsx"),
  route("waitlist/offer/:token", "routes/waitlist/offer.tsx"),
  route("waitlist/leave/:token", "routes/waitlist/leave.tsx"),
];

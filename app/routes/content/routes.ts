import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** Content pages inside the public site layout: about, videos, boat location, privacy, terms. */
export const contentSiteRoutes: RouteConfigEntry[] = [
  route("about", "routes/content/about.tsx"),
  route("videos", "routes/content/videos.tsx"),
  route("waar-is-de-boot", "routes/content/boat-location.tsx"),
  route("privacy", "routes/content/privacy.tsx"),
  route("servicevoorwaarden", "routes/content/terms.tsx"),
];

import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";
import { adminRoutes } from "./routes/admin/routes";
import { bookingRoutes, bookingSiteRoutes } from "./routes/booking/routes";
import { contentSiteRoutes } from "./routes/content/routes";
import { manageRoutes, manageSiteRoutes } from "./routes/manage/routes";
import { newsRoutes, newsSiteRoutes } from "./routes/news/routes";
import { placeRoutes, placeSiteRoutes } from "./routes/place/routes";
import { privateSiteRoutes } from "./routes/private/routes";
import { waitlistSiteRoutes } from "./routes/waitlist/routes";

// Every route of the spec, listed explicitly. Each area keeps its own list beside its modules.
export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    ...contentSiteRoutes,
    ...newsSiteRoutes,
    ...bookingSiteRoutes,
    ...privateSiteRoutes,
    ...manageSiteRoutes,
    ...placeSiteRoutes,
    ...waitlistSiteRoutes,
    route("*", "routes/not-found.tsx"),
  ]),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  ...newsRoutes,
  ...bookingRoutes,
  ...manageRoutes,
  ...placeRoutes,
  ...adminRoutes,
] satisfies RouteConfig;

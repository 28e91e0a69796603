import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** Private and special event pages, inside the public site layout. */
export const privateSiteRoutes: RouteConfigEntry[] = [
  route("arc", "routes/private/arc.tsx"),
  route("arc-registration", "routes/private/arc-registration.tsx"),
  route("vwdtp", "routes/private/vwdtp.tsx"),
  route("zomeravondzeilen", "routes/private/zomeravondzeilen.tsx"),
  route("sail-out", "routes/private/sail-out.tsx"),
  route("scheveningen", "routes/private/scheveningen.tsx"),
];

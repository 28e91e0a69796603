import type { RouteConfigEntry } from "@react-router/dev/routes";

/** News and newsletter pages inside the public site layout. */
export const newsSiteRoutes: RouteConfigEntry[] = [];
/** News and newsletter resource routes (the sign-up action). */
export const newsRoutes: RouteConfigEntry[] = [];

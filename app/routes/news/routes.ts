import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** News and newsletter pages inside the public site layout. */
export const newsSiteRoutes: RouteConfigEntry[] = [
  // The article dialog is a child route: /news/<slug> opens it over the list, for sharing.
  route("news", "routes/news/news.tsx", [route(":slug", "routes/news/article.tsx")]),
  route("newsletter/confirm/:token", "routes/news/newsletter-confirm.tsx"),
  route("newsletter/unsubscribe/:token", "routes/news/newsletter-unsubscribe.tsx"),
];
/** News and newsletter resource routes (the sign-up action). */
export const newsRoutes: RouteConfigEntry[] = [route("api/newsletter", "routes/news/api.newsletter.ts")];

import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** Booking pages inside the public site layout (calendar, payment result, test checkout). */
export const bookingSiteRoutes: RouteConfigEntry[] = [
  route("calendar", "routes/booking/calendar.tsx"),
  route("events/:slug/interest", "routes/booking/interest.tsx"),
  route("events/:slug/register", "routes/booking/register.tsx"),
  route("checkout/test/:sessionId", "routes/booking/checkout-test.tsx"),
  route("payment-success", "routes/booking/payment-success.tsx"),
];
/** Booking resource routes (form actions, webhooks). */
export const bookingRoutes: RouteConfigEntry[] = [
  route("api/stripe/webhook", "routes/booking/stripe-webhook.ts"),
  route("checkout/continue/:sessionId", "routes/booking/checkout-continue.ts"),
];

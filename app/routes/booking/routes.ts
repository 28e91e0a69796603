import type { RouteConfigEntry } from "@react-router/dev/routes";

/** Booking pages inside the public site layout (calendar, payment result, test checkout). */
export const bookingSiteRoutes: RouteConfigEntry[] = [];
/** Booking resource routes (form actions, webhooks). */
export const bookingRoutes: RouteConfigEntry[] = [];

import { layout, route, type RouteConfigEntry } from "@react-router/dev/routes";
import { adminContentRoutes } from "./content-routes";

/**
 * The admin side. Every page sits inside the gate layout (login form, 'Toegang Geweigerd', or
 * the page); each of their loaders and actions also calls `requireStaff` with its permission
 * (decision 044; `tests/integration/staff-roles.test.ts` lists every route here). The login/logout
 * action and the CSV exports live outside the layout: the exports check the rule themselves.
 */
export const adminRoutes: RouteConfigEntry[] = [
  route("admin/login", "routes/admin/login.tsx"),
  // The second sign-in step and the set-up of the second factor (decision 017), outside the gate.
  route("admin/2fa", "routes/admin/two-factor.tsx"),
  route("admin/2fa/setup", "routes/admin/two-factor-setup.tsx"),
  layout("routes/admin/gate.tsx", [
    route("admin", "routes/admin/index.tsx"),
    route("admin/dashboard", "routes/admin/dashboard.tsx"),
    route("admin/manifest/:eventId", "routes/admin/manifest.tsx"),
    route("admin/registrations/:id", "routes/admin/registration.tsx"),
    route("admin/newsletter", "routes/admin/newsletter.tsx"),
    route("admin/emails", "routes/admin/emails.tsx"),
    route("admin/jobs", "routes/admin/jobs.tsx"),
    route("admin/users", "routes/admin/users.tsx"),
    route("admin/privacy", "routes/admin/privacy.tsx"),
    ...adminContentRoutes,
    // Any other /admin/… path: the admin's own 404, inside the gate (not the public site's).
    route("admin/*", "routes/admin/not-found.tsx"),
  ]),
  route("admin/exports/registrations.csv", "routes/admin/exports.registrations.ts"),
  route("admin/exports/interest.csv", "routes/admin/exports.interest.ts"),
  route("admin/exports/newsletter.csv", "routes/admin/exports.newsletter.ts"),
  // The bookkeeper's export of a period, and a booking's invoices and credit notes (decision 046).
  route("admin/exports/accounting.csv", "routes/admin/exports.accounting.ts"),
  route("admin/registrations/:id/invoices/:number", "routes/admin/invoice-download.ts"),
  // A person's data (decision 018): POST only, so the address never sits in a URL or an access log.
  route("admin/privacy/export.json", "routes/admin/exports.privacy-json.ts"),
  route("admin/privacy/export.html", "routes/admin/exports.privacy-html.ts"),
];

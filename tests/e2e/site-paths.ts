/** The site's pages every browser sweep visits (a11y.spec, visitor.spec). */
export const PUBLIC_PATHS = [
  "/",
  "/news",
  "/news/nieuwe-bemanningsleden-aan-boord",
  "/about",
  "/calendar",
  "/calendar?event=offshore-trainingsweekend",
  "/videos",
  "/waar-is-de-boot",
  "/privacy",
  "/servicevoorwaarden",
  "/arc",
  "/arc-registration",
  "/vwdtp",
  "/zomeravondzeilen",
  "/sail-out",
  "/scheveningen",
  "/payment-success",
];

/** The main admin pages. */
export const ADMIN_PATHS = ["/admin", "/admin/dashboard", "/admin/articles", "/admin/events", "/admin/codes", "/admin/newsletter", "/admin/emails", "/admin/users", "/admin/privacy"];

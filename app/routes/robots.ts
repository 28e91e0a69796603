import { env } from "@server/env.server";

export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    // Private pages, admin, payment and newsletter links are not for search engines.
    "Disallow: /admin",
    "Disallow: /database-cleanup",
    "Disallow: /arc-registration",
    "Disallow: /vwdtp",
    "Disallow: /zomeravondzeilen",
    "Disallow: /scheveningen",
    "Disallow: /payment-success",
    "Disallow: /checkout/",
    "Disallow: /newsletter/",
    "Disallow: /api/",
    "",
    `Sitemap: ${env().publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}

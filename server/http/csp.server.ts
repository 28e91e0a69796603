import crypto from "node:crypto";

/**
 * The Content-Security-Policy of a page. Inline scripts run only when `scriptSources` allows them:
 * the response's nonce (`'nonce-…'`, every rendered page) or the SHA-256 of each of them
 * (`'sha256-…'`, a page answered from the render cache, decision 022).
 */
export function contentSecurityPolicy(scriptSources: string[], dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")}${dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'unsafe-inline'`,
    "img-src 'self' data: blob: https://i.ytimg.com",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    // Video players (privacy-friendly domain) and the vessel-tracking map are the only frames.
    "frame-src https://www.youtube-nocookie.com https://www.vesselfinder.com https://www.marinetraffic.com",
    "frame-ancestors 'none'",
    "form-action 'self' https://checkout.stripe.com",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

export function nonceSource(nonce: string): string {
  return `'nonce-${nonce}'`;
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * A rendered page made the same for every visitor: its `nonce` attributes taken out and, instead,
 * the SHA-256 source of each inline script, so the bytes (and their compressed forms) can be kept
 * and sent as they are. Undefined when that cannot be done safely: the nonce is short (it could
 * occur by chance), it still appears after the attributes are gone (it is part of the content),
 * or a script holds a carriage return (the browser's parser normalises it, so the hash would
 * not match).
 */
export function withScriptHashes(html: string, nonce: string): { html: string; scriptSources: string[] } | undefined {
  if (nonce.length < 16) return undefined;
  const stripped = html.split(` nonce="${nonce}"`).join("");
  if (stripped.includes(nonce)) return undefined;
  const sources = new Set<string>();
  for (const [, attributes, body] of stripped.matchAll(SCRIPT)) {
    // Scripts with a source are allowed by 'self'; the others are hashed (a data block such as
    // JSON-LD does not run, but a hash for it does no harm).
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    if (body!.includes("\r")) return undefined;
    sources.add(`'sha256-${crypto.createHash("sha256").update(body!, "utf8").digest("base64")}'`);
  }
  return { html: stripped, scriptSources: [...sources] };
}

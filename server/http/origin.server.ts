/**
 * Whether a state-changing request comes from another site. Browsers send `Origin` with every
 * POST (and `Sec-Fetch-Site` with every request); a request carrying neither comes from no
 * browser page (curl, a server), so no visitor's cookies are being abused and it passes.
 * `ownOrigins` are the site's public address (PUBLIC_URL) and the address the request was sent
 * to (as the proxy reports it when TRUST_PROXY is set).
 */
export function isCrossOrigin(headers: { origin?: string; secFetchSite?: string }, ownOrigins: readonly string[]): boolean {
  const { origin, secFetchSite } = headers;
  if (origin !== undefined) {
    // "null" is sent from sandboxed frames, data: URLs and some redirects: never ours.
    let normalized: string;
    try {
      normalized = new URL(origin).origin;
    } catch {
      return true;
    }
    return normalized === "null" || !ownOrigins.includes(normalized);
  }
  if (secFetchSite !== undefined) return secFetchSite !== "same-origin" && secFetchSite !== "none";
  return false;
}

/** The origin of a URL, or undefined when it is not one. */
export function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** A POST request with a urlencoded form body, as a browser without JavaScript sends it. */
export function formRequest(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(new URL(url, "http://localhost").toString(), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The load context route actions receive from the Express server. */
export function testContext(clientAddress = "127.0.0.1") {
  return { nonce: "test-nonce", clientAddress };
}

/**
 * What React Router hands a loader or action for a document request: the request, and its
 * address as `url` (decision 036: with requests passed through, `url` is the normalised one).
 */
export function routeArgs<P extends Record<string, string>>(request: Request, params: P, clientAddress = "127.0.0.1", url = new URL(request.url)) {
  return { request, url, params, context: testContext(clientAddress) };
}

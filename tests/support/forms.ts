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

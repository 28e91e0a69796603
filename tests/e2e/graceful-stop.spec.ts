import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, test } from "@playwright/test";
import { freePort, registrationFields, startSiteServer, stopSiteServer, waitReady } from "./servers";

/**
 * Graceful stop (issue 10): SIGTERM while registrations are arriving. Every registration the
 * server acknowledged (a 303 to the checkout) is in the database afterwards, the server exits 0,
 * and the embedded database opens cleanly. Its own server, so the shared ones keep running.
 */
test("SIGTERM during a burst of registrations loses nothing acknowledged and leaves PGlite clean", async () => {
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ort-e2e-stop-"));
  // Each registration comes "from" its own address, as behind one proxy.
  const server = startSiteServer({ port: await freePort(), dataDir, env: { TRUST_PROXY: "1" } });
  const base = server.base;
  try {
    await waitReady(server);

    const register = async (n: number) => {
      const email = `stop-${n}@example.com`;
      const body = new URLSearchParams(registrationFields(email, n));
      try {
        const response = await fetch(`${base}/events/zakelijke-zeildag/register`, {
          method: "POST",
          body,
          redirect: "manual",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: base, "x-forwarded-for": `198.51.100.${n}` },
        });
        return { email, status: response.status };
      } catch {
        return { email, status: 0 }; // refused at the door: never acknowledged
      }
    };
    const burst = Array.from({ length: 24 }, (_, i) => register(i + 1));
    // Stop while registrations are in flight: once the server answers the burst, more arrive
    // and the stop comes with them.
    await Promise.race(burst);
    burst.push(...Array.from({ length: 24 }, (_, i) => register(i + 25)));
    const stopped = stopSiteServer(server);
    const answers = await Promise.all(burst);
    expect(await stopped).toBe(0);

    const acknowledged = answers.filter((a) => a.status === 303).map((a) => a.email);
    // The stop came while requests were being answered: some got through, not all were refused.
    expect(acknowledged.length).toBeGreaterThan(0);
    // 303s are booked places (the event has 12); 409s are "full"; 0s never reached the server.
    expect(answers.every((a) => [0, 303, 409, 503].includes(a.status))).toBe(true);
    const db = new PGlite(path.join(dataDir, "pglite"));
    try {
      const { rows } = await db.query<{ customer_email: string }>("select customer_email from registrations where customer_email like 'stop-%'");
      const stored = new Set(rows.map((r) => r.customer_email));
      for (const email of acknowledged) expect(stored.has(email), email).toBe(true);
    } finally {
      await db.close();
    }
    expect(server.stderr()).not.toMatch(/Not stopped after|Stopping failed/);
  } finally {
    if (server.process.exitCode === null) server.process.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

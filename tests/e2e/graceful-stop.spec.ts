import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, test } from "@playwright/test";

/**
 * Graceful stop (issue 10): SIGTERM while registrations are arriving. Every registration the
 * server acknowledged (a 303 to the checkout) is in the database afterwards, the server exits 0,
 * and the embedded database opens cleanly. Its own server, so the shared ones keep running.
 */
test("SIGTERM during a burst of registrations loses nothing acknowledged and leaves PGlite clean", async () => {
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ort-e2e-stop-"));
  const port = 47000 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      STRIPE_SECRET_KEY: "",
      SMTP_URL: "",
      // Each registration comes "from" its own address, as behind one proxy.
      TRUST_PROXY: "1",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  server.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));
  try {
    await expect.poll(async () => (await fetch(`${base}/healthz`).catch(() => undefined))?.status, { timeout: 60_000 }).toBe(200);

    const register = async (n: number) => {
      const email = `stop-${n}@example.com`;
      const body = new URLSearchParams({
        customerName: `Deelnemer ${n}`,
        customerEmail: email,
        street: "Havenstraat 1",
        city: "Den Haag",
        postalCode: "2583 AB",
        country: "Nederland",
        birthDate: "1990-05-17",
        nextOfKinName: "Familie",
        nextOfKinPhone: "+31 6 12345678",
        termsAccepted: "on",
      });
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
    // Stop while the burst is in flight.
    await new Promise((resolve) => setTimeout(resolve, 30));
    server.kill("SIGTERM");
    const answers = await Promise.all(burst);
    expect(await exited).toBe(0);

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
    expect(stderr).not.toMatch(/Not stopped after|Stopping failed/);
  } finally {
    if (server.exitCode === null) server.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

// @engine pglite: users:create on an embedded database of its own (the command opens DATA_DIR)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auth } from "@server/auth/auth.server";
import { getAdminState } from "@server/auth/guard.server";
import { resetLoginLimitsForTests, signInWithPassword } from "@server/auth/login.server";
import { runUsersCreate } from "@server/auth/users-cli.server";
import { openDatabase, setDatabase } from "@server/db/client.server";
import { parseEnv, setEnvForTests } from "@server/env.server";
import { signInAdminWithCode } from "../support/admin-session";

/** `npm run users:create` against the embedded database in a data directory of its own. */
describe("users:create", () => {
  let dataDir: string;
  const output: string[] = [];
  const io = { out: (line: string) => output.push(`out: ${line}`), err: (line: string) => output.push(`err: ${line}`) };
  const config = () => parseEnv({ DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "error" });

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ort-users-create-"));
    setEnvForTests({ DATA_DIR: dataDir, DATABASE_URL: undefined, LOG_LEVEL: "error" });
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** Signs in against the data directory, as the server would after a restart. */
  async function signInAfterwards(email: string, passwords: string[]) {
    const handle = await openDatabase({ dataDir });
    setDatabase(handle);
    try {
      await resetLoginLimitsForTests();
      const outcomes = [];
      for (const password of passwords) {
        const result = await signInWithPassword({ email, password, clientAddress: "10.7.0.1", headers: new Headers() });
        if (!result.ok) {
          outcomes.push({ ok: false as const, reason: result.reason });
          continue;
        }
        const cookie = result.setCookies.map((c) => c.split(";")[0]).join("; ");
        const { state } = await getAdminState(new Request("http://localhost/admin", { headers: { cookie } }));
        outcomes.push({ ok: true as const, status: state.status });
      }
      return outcomes;
    } finally {
      setDatabase(undefined);
      await handle.close();
    }
  }

  it("refuses, touching nothing, while a server holds the embedded database", async () => {
    // Our parent process stands in for a running server: alive, and not this process.
    fs.writeFileSync(path.join(dataDir, "server.lock"), String(process.ppid));
    const code = await runUsersCreate(["--email", "a@example.com", "--password", "long-enough-1"], config(), io);
    expect(code).not.toBe(0);
    expect(output.at(-1)).toMatch(/^err: The server \(pid \d+\) is using the embedded database .* Stop the server/);
    expect(fs.readdirSync(dataDir)).toEqual(["server.lock"]);
    fs.rmSync(path.join(dataDir, "server.lock"));
  });

  it("asks for both --email and --password", async () => {
    expect(await runUsersCreate(["--email", "a@example.com"], config(), io)).toBe(64);
    expect(output.at(-1)).toMatch(/Both --email and --password are required/);
    expect(await runUsersCreate(["--email", "a@example.com", "--password", "kort"], config(), io)).toBe(65);
    expect(output.at(-1)).toMatch(/at least 10 and at most 256 characters/);
  });

  it("creates an admin who can then sign in, and updates the password and role later", async () => {
    expect(await runUsersCreate(["--email", "Kapitein@Example.com", "--password", "eerste-wachtwoord", "--admin"], config(), io)).toBe(0);
    expect(output.at(-1)).toBe("out: Created admin kapitein@example.com");
    // A new admin signs in with the password and then has to set up the second factor (decision 017).
    expect(await signInAfterwards("kapitein@example.com", ["eerste-wachtwoord"])).toEqual([{ ok: true, status: "setup-required" }]);

    // Run again without --admin and with a new password: same account, no admin rights, old password gone.
    expect(await runUsersCreate(["--email", "kapitein@example.com", "--password", "tweede-wachtwoord"], config(), io)).toBe(0);
    expect(output.at(-1)).toBe("out: Updated user (no admin rights) kapitein@example.com");
    expect(await signInAfterwards("kapitein@example.com", ["eerste-wachtwoord", "tweede-wachtwoord"])).toEqual([
      { ok: false, reason: "invalid" },
      { ok: true, status: "forbidden" },
    ]);
  }, 180_000); // four opens of an on-disk PGlite, each migrating: slow on a busy machine

  it("--reset-2fa removes an admin's second factor and ends their sessions (a lost phone)", async () => {
    expect(await runUsersCreate(["--email", "stuurman@example.com", "--password", "stuur-wachtwoord", "--admin"], config(), io)).toBe(0);
    const handle = await openDatabase({ dataDir });
    setDatabase(handle);
    try {
      await resetLoginLimitsForTests();
      const { cookie } = await signInAdminWithCode({ signInWithPassword, auth }, { email: "stuurman@example.com", password: "stuur-wachtwoord", clientAddress: "10.7.0.2" });
      expect((await getAdminState(new Request("http://localhost/admin", { headers: { cookie } }))).state.status).toBe("admin");
    } finally {
      setDatabase(undefined);
      await handle.close();
    }
    expect(await runUsersCreate(["--email", "stuurman@example.com", "--password", "stuur-wachtwoord", "--admin", "--reset-2fa"], config(), io)).toBe(0);
    expect(output.at(-1)).toBe("out: Two-factor sign-in of stuurman@example.com reset: set it up again at the next sign-in");
    expect(await signInAfterwards("stuurman@example.com", ["stuur-wachtwoord"])).toEqual([{ ok: true, status: "setup-required" }]);
  }, 180_000);

  it("--role gives a staff role (decision 044), and refuses an unknown one or one that contradicts --admin", async () => {
    expect(await runUsersCreate(["--email", "x@example.com", "--password", "long-enough-1", "--role=captain"], config(), io)).toBe(64);
    expect(output.at(-1)).toMatch(/^err: Unknown role "captain": choose one of admin, office, skipper, editor/);
    expect(await runUsersCreate(["--email", "x@example.com", "--password", "long-enough-1", "--admin", "--role=editor"], config(), io)).toBe(64);
    expect(output.at(-1)).toMatch(/--admin and --role=editor contradict each other/);
    expect(await runUsersCreate(["--email", "schipper@example.com", "--password", "schipper-wachtwoord", "--role=skipper"], config(), io)).toBe(0);
    expect(output.at(-1)).toBe("out: Created skipper (staff role) schipper@example.com");
    // A staff role passes the gate, after the second factor's set-up like an administrator.
    expect(await signInAfterwards("schipper@example.com", ["schipper-wachtwoord"])).toEqual([{ ok: true, status: "setup-required" }]);
    expect(await runUsersCreate(["--email", "schipper@example.com", "--password", "schipper-wachtwoord", "--role", "admin"], config(), io)).toBe(0);
    expect(output.at(-1)).toBe("out: Updated admin schipper@example.com");
  }, 180_000);
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { outboxIn, type OutboxMail } from "./checks";
import { expect, test } from "./fixtures";
import { freePort, SHARED_ADMIN, startSiteServer, stopSiteServer, waitReady, type SiteServer } from "./servers";

/** A spec's own server: what `ownServer` gives the spec's tests. */
export type OwnServer = {
  /** The server's address (http://127.0.0.1:<port>). */
  readonly base: string;
  readonly dataDir: string;
  /** Its e-mails, oldest first, whose decoded text contains every needle. */
  outbox(...needles: string[]): OutboxMail[];
  /** Their decoded texts. */
  mails(...needles: string[]): string[];
  /** Waits for an e-mail with every needle and a link whose path matches `pattern`; the newest such link's path. */
  linkInMail(needles: string | string[], pattern: RegExp): Promise<string>;
  /** Stops the server (its exit code is answered) and starts it again on the same data, with `env` added. */
  restart(env: Record<string, string>): Promise<number | null>;
};

/**
 * A server of the spec's own (same build, fresh embedded database, the shared servers' admin),
 * for a spec that fills events or reads every e-mail: started before its tests, stopped and its
 * folder removed after them.
 */
export function ownServer(name: string): OwnServer {
  let server: SiteServer | undefined;
  let port = 0;
  let dataDir = "";
  const start = (env: Record<string, string> = {}) =>
    startSiteServer({ name, port, dataDir, env: { ADMIN_EMAIL: SHARED_ADMIN.email, ADMIN_PASSWORD: SHARED_ADMIN.password, TEAM_EMAIL: "team@oceanracing.test", ...env } });
  const current = (): SiteServer => {
    if (!server) throw new Error(`the ${name} server has not been started`);
    return server;
  };

  test.beforeAll(async () => {
    // A fresh embedded database and its demo content: over a minute on a loaded 2-core machine.
    test.setTimeout(200_000);
    port = await freePort();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ort-e2e-${name}-`));
    server = start();
    await waitReady(server, 180_000);
  });
  test.afterAll(async () => {
    if (server) {
      await stopSiteServer(server);
      // Its warnings and errors stay with the run's reports, like the shared servers' logs.
      const logDir = path.resolve(process.env.E2E_REPORT_DIR ?? "test-results/report", "servers");
      fs.mkdirSync(logDir, { recursive: true });
      fs.writeFileSync(path.join(logDir, `${name}.log`), server.stderr());
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const outbox = (...needles: string[]) => outboxIn(dataDir, ...needles);
  return {
    get base() {
      return current().base;
    },
    get dataDir() {
      return dataDir;
    },
    outbox,
    mails: (...needles) => outbox(...needles).map((mail) => mail.text),
    async linkInMail(needles, pattern) {
      const all = typeof needles === "string" ? [needles] : needles;
      const link = new RegExp(`https?://[^\\s"'<>]+(${pattern.source})`);
      let found: string | undefined;
      await expect
        .poll(
          () => {
            for (const mail of outbox(...all)) found = link.exec(mail.text)?.[1] ?? found;
            return found;
          },
          { message: `an e-mail with ${all.join(" + ")} and a link like ${pattern}`, timeout: 15_000 },
        )
        .toBeTruthy();
      return found!;
    },
    async restart(env) {
      const code = await stopSiteServer(current());
      server = start(env);
      await waitReady(server, 180_000);
      return code;
    },
  };
}

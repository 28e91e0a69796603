import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";

/**
 * Starting the production build (`node server.js`) as a process of its own: what the browser
 * specs that need their own server (tests/e2e/servers.ts) and the benchmark (bench/lib/server.ts)
 * both do. Defaults: production mode, the embedded database, the test checkout, outbox mail, no
 * admin, today's clock; `env` overrides any of it.
 */

/** A port nothing listens on now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export type SiteProcess = {
  port: number;
  base: string;
  dataDir: string;
  process: ChildProcess;
  exited: Promise<number | null>;
  /** What the process wrote to stderr (its warnings and errors; the last 20 000 characters). */
  stderr: () => string;
};

export function spawnSite(options: { port: number; dataDir: string; env?: Record<string, string> }): SiteProcess {
  const base = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      STRIPE_SECRET_KEY: "",
      STRIPE_WEBHOOK_SECRET: "",
      SMTP_URL: "",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      APP_NOW: "",
      ...options.env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    if (stderr.length > 20_000) stderr = stderr.slice(-20_000);
  });
  return {
    port: options.port,
    base,
    dataDir: options.dataDir,
    process: child,
    exited: new Promise((resolve) => child.on("exit", (code) => resolve(code))),
    stderr: () => stderr,
  };
}

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env, EnvError, type Env } from "./env.server";

type Secrets = { sessionSecret: string };

let cached: Secrets | undefined;

/**
 * Secrets that are not configured are generated on first start and kept in DATA_DIR, so
 * sessions and signed cookies survive restarts without anyone having to invent a secret.
 */
export function secrets(): Secrets {
  if (cached) return cached;
  const configured = env().SESSION_SECRET;
  if (configured) {
    cached = { sessionSecret: configured };
    return cached;
  }
  const file = path.join(env().dataDir, "secrets.json");
  try {
    cached = JSON.parse(fs.readFileSync(file, "utf8")) as Secrets;
    if (cached.sessionSecret?.length >= 32) return cached;
  } catch {
    // not there yet: generate below
  }
  cached = { sessionSecret: crypto.randomBytes(48).toString("base64url") };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(cached, null, 2), { mode: 0o600 });
  return cached;
}

/**
 * On a PostgreSQL server the site may run as several instances: a secret generated into one
 * instance's DATA_DIR would make its cookies invalid on the others. So there it must come from
 * the environment, the same for all. Called at start.
 */
export function requireSharedSecret(config: Env): void {
  if (config.DATABASE_URL && !config.SESSION_SECRET) {
    throw new EnvError(
      "Invalid configuration:\n  SESSION_SECRET: required with DATABASE_URL (at least 32 characters, the same for every instance)",
    );
  }
}

/** HMAC signature for cookie values (private-page unlocks and the like). */
export function sign(value: string): string {
  const mac = crypto.createHmac("sha256", secrets().sessionSecret).update(value).digest("base64url");
  return `${value}.${mac}`;
}

/** The value when the signature is valid, else undefined. Constant-time comparison. */
export function unsign(signed: string): string | undefined {
  const dot = signed.lastIndexOf(".");
  if (dot < 0) return undefined;
  const value = signed.slice(0, dot);
  const expected = Buffer.from(sign(value));
  const given = Buffer.from(signed);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? value : undefined;
}

import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { euVatNumberValid, ibanValid, kvkValid } from "../app/lib/identifiers";

/**
 * The one place that reads process.env. Everything else imports `env`.
 * A wrong value stops the start with a message naming the variable.
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** Express's names for address ranges, usable in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split("/");
  const family = net.isIP(address ?? "");
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may tell us the client's address in X-Forwarded-For: "false" (none: the socket
 * address counts), a number of hops (the client is that many entries from the right, e.g. 1
 * behind one load balancer), or a comma-separated list of proxy addresses, CIDRs or the names
 * loopback/linklocal/uniquelocal. Never "any": a left-most X-Forwarded-For entry is whatever the
 * client made up, and would reset every per-address limit. "true" means 1 hop.
 */
const trustProxy = z
  .string()
  .trim()
  .default("false")
  .transform((value, ctx): false | number | string[] => {
    if (value === "" || value === "false" || value === "0") return false;
    if (value === "true") return 1;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops;
    } else {
      const entries = value.split(",").map((e) => e.trim()).filter(Boolean);
      if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
    }
    ctx.addIssue({
      code: "custom",
      message: "must be false, a number of proxy hops (1–10), or a comma-separated list of proxy addresses/CIDRs (or loopback, linklocal, uniquelocal)",
    });
    return z.NEVER;
  });

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" }).optional(),
  ),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  TEAM_EMAIL: z.email().default("info@oceanracing.nl"),
  MAIL_FROM: optionalString,
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional()),
  APP_NOW: optionalString.pipe(z.iso.datetime({ offset: true, error: "must be an ISO instant such as 2025-08-01T12:00:00Z" }).optional()),
  SESSION_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  STRIPE_SECRET_KEY: optionalString,
  /**
   * The key that seals the crew file's health answers and files at rest (decision 043): 32 bytes,
   * base64 or hex (`openssl rand -base64 32`). Required live; elsewhere derived from the session secret.
   */
  HEALTH_DATA_KEY: optionalString.pipe(
    z
      .string()
      .refine((v) => healthKeyBytes(v) !== null, "must be 32 bytes, base64 (44 characters) or hex (64 characters)")
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalString,
  /**
   * The seller every invoice names (decision 046): legal name, address (lines separated by "|"),
   * Chamber of Commerce number, VAT number and IBAN. Required live; the demo uses a made-up seller
   * that says it is one.
   */
  SELLER_LEGAL_NAME: optionalString,
  SELLER_ADDRESS: optionalString,
  SELLER_KVK: optionalString.pipe(z.string().refine(kvkValid, "must be a KvK number of 8 digits").optional()),
  SELLER_VAT_NUMBER: optionalString.pipe(z.string().refine(euVatNumberValid, "must be an EU VAT number such as NL123456789B01").optional()),
  SELLER_IBAN: optionalString.pipe(z.string().refine(ibanValid, "must be a valid IBAN (its check digits do not match)").optional()),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(10, "must be at least 10 characters").optional()),
  ACCESS_CODE_ARC_REGISTRATION: optionalString,
  ACCESS_CODE_VWDTP: optionalString,
  ACCESS_CODE_SCHEVENINGEN: optionalString,
  ACCESS_CODE_ZOMERAVONDZEILEN: optionalString,
  /** "demo" (the default: test checkout, outbox, demo content) or "live" (fails closed). */
  SITE_MODE: z.enum(["demo", "live"]).default("demo"),
  /** Default: true in the demo, false when live (where "true" is refused). */
  DEMO_CONTENT: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
  TRUST_PROXY: trustProxy,
  /**
   * Where uploaded files live: "disk" (DATA_DIR/uploads) or "database" (the stored_files table).
   * Default: database with DATABASE_URL (every instance must see every upload), disk on PGlite.
   */
  UPLOAD_STORAGE: optionalString.pipe(z.enum(["disk", "database"], { error: "must be disk or database" }).optional()),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** Where server errors are reported besides the log (Sentry); none when unset, and the SDK is then never loaded. */
  SENTRY_DSN: optionalString.pipe(z.url({ protocol: /^https?$/, error: "must be a Sentry DSN (https://key@host/project)" }).optional()),
});

/** The 32 key bytes of a HEALTH_DATA_KEY value (base64 or hex), or null when it is not one. */
export function healthKeyBytes(value: string): Buffer | null {
  const bytes = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, "hex") : /^[A-Za-z0-9+/_-]{43}=?$/.test(value) ? Buffer.from(value, "base64") : null;
  return bytes?.length === 32 ? bytes : null;
}

export type UploadStorage = "disk" | "database";

export type Env = Omit<z.infer<typeof schema>, "DEMO_CONTENT"> & { DEMO_CONTENT: boolean; dataDir: string; publicUrl: string; uploadStorage: UploadStorage };

export class EnvError extends Error {
  override name = "EnvError";
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const parsed = result.data;
  if (parsed.SITE_MODE === "live") {
    const problems = liveModeProblems(parsed);
    if (problems.length > 0) {
      throw new EnvError(
        `Invalid configuration: SITE_MODE=live refuses to start until these are fixed:\n${problems.map((p) => `  ${p}`).join("\n")}`,
      );
    }
  }
  return {
    ...parsed,
    DEMO_CONTENT: parsed.DEMO_CONTENT ?? parsed.SITE_MODE === "demo",
    dataDir: path.resolve(parsed.DATA_DIR),
    uploadStorage: parsed.UPLOAD_STORAGE ?? (parsed.DATABASE_URL ? "database" : "disk"),
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ""),
  };
}

/**
 * What a live site must have, all named at once: real payments (never the free test checkout),
 * real mail, a session secret shared by every instance, an https address, and no demo content.
 * (The private pages' codes are checked at start, once the database is open.)
 */
function liveModeProblems(parsed: z.infer<typeof schema>): string[] {
  const problems: string[] = [];
  if (!parsed.HEALTH_DATA_KEY) problems.push("HEALTH_DATA_KEY: missing (the crew file's health answers and files are sealed with it)");
  if (!parsed.STRIPE_SECRET_KEY) problems.push("STRIPE_SECRET_KEY: missing (without it bookings would go through the test checkout)");
  else if (!/^(sk|rk)_(live|test)_/.test(parsed.STRIPE_SECRET_KEY)) problems.push("STRIPE_SECRET_KEY: not a Stripe secret key (sk_live_… or rk_live_…)");
  if (!parsed.STRIPE_WEBHOOK_SECRET) problems.push("STRIPE_WEBHOOK_SECRET: missing (payments could not be confirmed by Stripe's webhook)");
  else if (!parsed.STRIPE_WEBHOOK_SECRET.startsWith("whsec_")) problems.push("STRIPE_WEBHOOK_SECRET: not a webhook signing secret (whsec_…)");
  if (!parsed.SMTP_URL) problems.push("SMTP_URL: missing (e-mails would only be written to the outbox folder)");
  if (!parsed.SESSION_SECRET) problems.push("SESSION_SECRET: missing (at least 32 characters, the same for every instance)");
  if (!parsed.PUBLIC_URL) problems.push("PUBLIC_URL: missing (the site's https:// address)");
  else if (!parsed.PUBLIC_URL.startsWith("https://")) problems.push("PUBLIC_URL: must be an https:// address");
  if (parsed.DEMO_CONTENT === true) problems.push("DEMO_CONTENT: must not be true (demo content and demo access codes)");
  for (const name of ["SELLER_LEGAL_NAME", "SELLER_ADDRESS", "SELLER_KVK", "SELLER_VAT_NUMBER", "SELLER_IBAN"] as const) {
    if (!parsed[name]) problems.push(`${name}: missing (every invoice names the seller: legal name, address, KvK, VAT number and IBAN)`);
  }
  return problems;
}

let cached: Env | undefined;

/** The parsed environment. Parsed on first use; tests may replace it with `setEnvForTests`. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

export function setEnvForTests(overrides: Record<string, string | undefined>): Env {
  cached = parseEnv({ ...process.env, ...overrides });
  return cached;
}

import { eq, inArray } from "drizzle-orm";
import { now } from "../clock.server";
import { db } from "../db/client.server";
import { privatePages } from "../db/schema.server";
import { env } from "../env.server";
import { log } from "../log.server";
import { AccessCodeError, hashAccessCode, hashesMatchCodes, normalizeAccessCodes, parseCodeList, verifyAccessCode } from "./codes.server";
import { demoAccessCodeRefused, PRIVATE_PAGE_KEYS, PRIVATE_PAGES, type PrivatePageKey } from "./pages.server";

/** The stored hashes of a page's codes; empty when the page has none (locked for everyone). */
export async function storedCodeHashes(pageKey: PrivatePageKey): Promise<string[]> {
  const [row] = await db()
    .select({ codeHashes: privatePages.codeHashes })
    .from(privatePages)
    .where(eq(privatePages.key, pageKey))
    .limit(1);
  return row?.codeHashes ?? [];
}

async function storeHashes(pageKey: PrivatePageKey, codeHashes: string[]): Promise<void> {
  const at = now();
  await db()
    .insert(privatePages)
    .values({ key: pageKey, title: PRIVATE_PAGES[pageKey].title, codeHashes, codesUpdatedAt: at })
    .onConflictDoUpdate({ target: privatePages.key, set: { codeHashes, codesUpdatedAt: at } });
}

/**
 * Replaces a page's codes (the admin's rotation). Takes effect at once: the old codes stop
 * working and browsers unlocked with them are locked again. An empty list locks the page for
 * everyone. Throws AccessCodeError for a code that cannot be stored.
 */
export async function setAccessCodes(pageKey: PrivatePageKey, codes: string[]): Promise<{ codeCount: number }> {
  const normalized = normalizeAccessCodes(codes);
  const hashes = await Promise.all(normalized.map(hashAccessCode));
  await storeHashes(pageKey, hashes);
  return { codeCount: hashes.length };
}

export type PrivatePageSummary = {
  key: PrivatePageKey;
  title: string;
  path: string;
  /** How many codes unlock it now; 0 means locked for everyone. */
  codeCount: number;
  codesUpdatedAt: Date | null;
  /** The variable that configures its codes. */
  envVar: string;
  /** True when that variable is set: it replaces the stored codes at every start. */
  setByEnvironment: boolean;
};

/** Every private page with the state of its codes, for the admin side. Never the codes. */
export async function listPrivatePages(): Promise<PrivatePageSummary[]> {
  const rows = await db().select().from(privatePages).where(inArray(privatePages.key, [...PRIVATE_PAGE_KEYS]));
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return PRIVATE_PAGE_KEYS.map((key) => {
    const config = PRIVATE_PAGES[key];
    const row = byKey.get(key);
    return {
      key,
      title: row?.title ?? config.title,
      path: config.path,
      codeCount: row?.codeHashes.length ?? 0,
      codesUpdatedAt: row?.codesUpdatedAt ?? null,
      envVar: config.envVar,
      setByEnvironment: parseCodeList(env()[config.envVar]).length > 0,
    };
  });
}

function codesFromEnvironment(envVar: string, value: string | undefined): string[] {
  try {
    return normalizeAccessCodes(parseCodeList(value));
  } catch (error) {
    throw new AccessCodeError(`${envVar}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export type SyncOutcome = "from-environment" | "unchanged" | "kept" | "demo" | "demo-removed" | "locked";

/**
 * Start-up: brings the stored codes in line with the configuration, page by page.
 * - ACCESS_CODE_* set: those codes win (stored hashes are kept when they already match, so
 *   unlocks survive a restart).
 * - otherwise stored codes (e.g. rotated by an admin) are kept;
 * - a page without codes gets the demo codes, but only with DEMO_CONTENT=true;
 * - with DEMO_CONTENT=false the public demo codes are removed, and a page left without codes
 *   stays locked, which the log says.
 */
export async function syncAccessCodes(): Promise<Record<PrivatePageKey, SyncOutcome>> {
  // Pages are independent; hashing them side by side keeps the start quick.
  const outcomes = await Promise.all(PRIVATE_PAGE_KEYS.map(async (key) => [key, await syncPage(key)] as const));
  return Object.fromEntries(outcomes) as Record<PrivatePageKey, SyncOutcome>;
}

async function syncPage(key: PrivatePageKey): Promise<SyncOutcome> {
  const config = env();
  const page = PRIVATE_PAGES[key];
  await db().insert(privatePages).values({ key, title: page.title }).onConflictDoNothing();
  const stored = await storedCodeHashes(key);
  const fromEnv = codesFromEnvironment(page.envVar, config[page.envVar]);

  if (fromEnv.length > 0) {
    if (await hashesMatchCodes(fromEnv, stored)) return "unchanged";
    await setAccessCodes(key, fromEnv);
    log.info(`Private page ${page.path}: access codes set from ${page.envVar}`);
    return "from-environment";
  }

  if (!config.DEMO_CONTENT) {
    const kept: string[] = [];
    for (const hash of stored) {
      const isDemo = (await Promise.all(page.demoCodes.map((code) => verifyAccessCode(code, [hash])))).some(Boolean);
      if (!isDemo) kept.push(hash);
    }
    if (kept.length < stored.length) {
      await storeHashes(key, kept);
      log.warn(`Private page ${page.path}: removed the public demo access codes (DEMO_CONTENT=false)`);
    }
    if (kept.length === 0) {
      log.warn(`Private page ${page.path} stays locked: no access code is configured. Set ${page.envVar} or set a code on the admin side.`);
      return "locked";
    }
    return kept.length < stored.length ? "demo-removed" : "kept";
  }

  if (stored.length > 0) return "kept";
  await setAccessCodes(key, [...page.demoCodes]);
  log.info(`Private page ${page.path}: demo access codes in use (see README); set ${page.envVar} for real codes`);
  return "demo";
}

/**
 * SITE_MODE=live: every private page needs a real code (from ACCESS_CODE_* or set on the admin
 * side), and none of the README's demo codes may be configured. Named all at once.
 */
export function liveAccessCodeProblems(outcomes: Record<PrivatePageKey, SyncOutcome>): string[] {
  const config = env();
  const problems: string[] = [];
  for (const key of PRIVATE_PAGE_KEYS) {
    const page = PRIVATE_PAGES[key];
    const configured = codesFromEnvironment(page.envVar, config[page.envVar]);
    if (configured.some((code) => demoAccessCodeRefused(code, config))) {
      problems.push(`${page.envVar}: holds a demo access code from the README`);
    } else if (outcomes[key] === "locked") {
      problems.push(`${page.envVar}: missing (${page.path} has no access code; or set one at /admin/codes)`);
    }
  }
  return problems;
}


import type { Env } from "../env.server";

/** The pages unlocked with an access code. Their keys are the `private_pages` rows. */
export const PRIVATE_PAGE_KEYS = ["arc-registration", "vwdtp", "scheveningen", "zomeravondzeilen"] as const;
export type PrivatePageKey = (typeof PRIVATE_PAGE_KEYS)[number];

type PrivatePageConfig = {
  title: string;
  /** The page's path on the site. */
  path: `/${string}`;
  /** The variable that configures its codes (comma-separated list). */
  envVar: keyof Env & `ACCESS_CODE_${string}`;
  /**
   * The demo's codes, printed in the README: used only with DEMO_CONTENT=true and only while
   * the page has no stored codes. Never accepted with DEMO_CONTENT=false.
   */
  demoCodes: readonly string[];
  /**
   * The page exists to let its holders register for events the public calendar shows as sold
   * out (the ARC: "some spots are still available, e-mail the team", who send the password).
   */
  admitsWaitlist: boolean;
};

export const PRIVATE_PAGES: Record<PrivatePageKey, PrivatePageConfig> = {
  "arc-registration": {
    title: "ARC 2025 Private Registration",
    path: "/arc-registration",
    envVar: "ACCESS_CODE_ARC_REGISTRATION",
    demoCodes: ["arc2025"],
    admitsWaitlist: true,
  },
  vwdtp: { title: "VWDTP Challenge", path: "/vwdtp", envVar: "ACCESS_CODE_VWDTP", demoCodes: ["vwdtp2025"], admitsWaitlist: false },
  scheveningen: {
    title: "Scheveningen - Cascais - Privé Registratie",
    path: "/scheveningen",
    envVar: "ACCESS_CODE_SCHEVENINGEN",
    demoCodes: ["cascais2025"],
    admitsWaitlist: false,
  },
  zomeravondzeilen: {
    title: "Zomeravondzeilen",
    path: "/zomeravondzeilen",
    envVar: "ACCESS_CODE_ZOMERAVONDZEILEN",
    demoCodes: ["zomer2025", "avond2025"],
    admitsWaitlist: false,
  },
};

export function isPrivatePageKey(value: string): value is PrivatePageKey {
  return (PRIVATE_PAGE_KEYS as readonly string[]).includes(value);
}

/** Every README demo code, of every page: public, so never a real code anywhere. */
const DEMO_CODES: ReadonlySet<string> = new Set(Object.values(PRIVATE_PAGES).flatMap((page) => page.demoCodes.map((code) => code.toLowerCase())));

/** Whether `code` is one of the README's demo codes (of any page), whatever its case or the spaces around it. */
export function isDemoAccessCode(code: string): boolean {
  return DEMO_CODES.has(code.trim().toLowerCase());
}

/**
 * The one rule for demo codes, used by the start-up check (SITE_MODE=live refuses to start with
 * one in ACCESS_CODE_*) and by the admin's /admin/codes (which refuses to store one): a README
 * demo code is a code only on the demo with its demo content (SITE_MODE=demo, DEMO_CONTENT on);
 * everywhere else it is refused — it is printed in the README, so anyone can type it, and a
 * start without demo content removes stored demo codes anyway.
 */
export function demoAccessCodeRefused(code: string, config: Pick<Env, "SITE_MODE" | "DEMO_CONTENT">): boolean {
  const demoInUse = config.SITE_MODE === "demo" && config.DEMO_CONTENT;
  return !demoInUse && isDemoAccessCode(code);
}

import { translate, type MessageKey } from "~/i18n";
import { safeAdminRedirect } from "@server/auth/login.server";
import type { CodeFailure } from "@server/auth/two-factor.server";

/** Answers of the two-factor pages are never stored: they hold challenges, keys and codes. */
export function noStore(extra?: HeadersInit): Headers {
  const headers = new Headers(extra);
  headers.set("Cache-Control", "no-store");
  return headers;
}

/** The admin page to return to: `?redirectTo=` or the form's field, kept on the admin side. */
export function redirectTarget(request: Request, form?: FormData): string {
  return safeAdminRedirect(new URL(request.url).searchParams.get("redirectTo") ?? form?.get("redirectTo"));
}

/**
 * A refused code as the pages answer it: the status, the Dutch message saying what happened, and
 * the seconds for Retry-After. `invalid` is the page's own answer to a wrong code: 401 at sign-in,
 * 400 in the set-up, where the admin is signed in already. At sign-in a wrong code also says how
 * many tries are left, and which limit ends them. `expired`: the page links to the password step.
 */
export function refusedCode(
  result: CodeFailure,
  invalid: { status: 400 | 401; message: MessageKey },
): { status: number; error: string; retryAfterSeconds?: number; expired?: boolean } {
  const nl = (key: MessageKey, params?: Record<string, string | number>) => translate("nl", key, params);
  switch (result.reason) {
    case "invalid":
    case "replayed": {
      const said = nl(result.reason === "replayed" ? "admin.twoFactor.replayed" : invalid.message);
      if (result.triesLeft === undefined) return { status: invalid.status, error: said };
      if (result.triesLeft > 0) {
        const left = result.triesLeft === 1 ? nl("admin.twoFactor.triesLeftOne") : nl("admin.twoFactor.triesLeftMany", { count: result.triesLeft });
        return { status: invalid.status, error: `${said} ${left}` };
      }
      const why = result.limit === "account" ? "admin.twoFactor.lastTryAccount" : result.limit === "address" ? "admin.twoFactor.lastTryAddress" : "admin.twoFactor.lastTrySignIn";
      return { status: invalid.status, error: `${said} ${nl(why)}`, expired: result.limit === "sign-in" };
    }
    case "expired":
    case "gone":
    case "spent":
      return { status: invalid.status, error: nl(`admin.twoFactor.${result.reason}`), expired: true };
    case "rate-limited":
      return { status: 429, error: nl("admin.twoFactor.tooMany", { seconds: result.retryAfterSeconds }), retryAfterSeconds: result.retryAfterSeconds };
    case "locked":
      return { status: 429, error: nl("admin.twoFactor.locked", { minutes: Math.ceil(result.retryAfterSeconds / 60) }), retryAfterSeconds: result.retryAfterSeconds };
    case "busy":
      return { status: 503, error: nl("admin.twoFactor.busy"), retryAfterSeconds: result.retryAfterSeconds };
    case "unavailable":
      return { status: 503, error: nl("admin.twoFactor.unavailable") };
  }
}

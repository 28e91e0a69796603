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
 * A refused code as the pages answer it: the status, the Dutch message, and the seconds for
 * Retry-After. `invalid` is the page's own answer to a wrong code (and to a spent challenge):
 * 401 at sign-in, 400 in the set-up, where the admin is signed in already.
 */
export function refusedCode(
  result: CodeFailure,
  invalid: { status: 400 | 401; message: MessageKey },
): { status: number; error: string; retryAfterSeconds?: number; expired?: boolean } {
  switch (result.reason) {
    case "invalid":
      return { status: invalid.status, error: translate("nl", invalid.message) };
    case "expired":
      return { status: invalid.status, error: translate("nl", "admin.twoFactor.expired"), expired: true };
    case "rate-limited":
    case "locked":
      return { status: 429, error: translate("nl", result.reason === "locked" ? "admin.twoFactor.locked" : "admin.twoFactor.tooMany"), retryAfterSeconds: result.retryAfterSeconds };
    case "busy":
      return { status: 503, error: translate("nl", "admin.twoFactor.busy"), retryAfterSeconds: result.retryAfterSeconds };
    case "unavailable":
      return { status: 503, error: translate("nl", "admin.twoFactor.unavailable") };
  }
}

import { APIError } from "better-auth/api";
import { log } from "../log.server";
import { RateLimiter } from "../security/rate-limit.server";
import { auth } from "./auth.server";

/** No more than this many failed logins a minute, per client address and per account. */
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_WINDOW_MS = 60_000;

const failuresByAddress = new RateLimiter(LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS);
const failuresByAccount = new RateLimiter(LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS);

/** Forgets every counted failure (tests). */
export function resetLoginLimitsForTests(): void {
  failuresByAddress.reset();
  failuresByAccount.reset();
}

export type LoginResult =
  | { ok: true; setCookies: string[] }
  /** One reason for a wrong address, a wrong password and a blocked account: no account oracle. */
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number }
  | { ok: false; reason: "unavailable" };

/**
 * Signs in with e-mail and password through Better Auth's server API. Refuses without asking
 * the database while the address or the account has used up its failures for the minute, so
 * guessing stays slow whatever the guesses are.
 */
export async function signInWithPassword(input: {
  email: string;
  password: string;
  clientAddress: string;
  headers: Headers;
}): Promise<LoginResult> {
  const email = input.email.trim().toLowerCase();
  const addressKey = `address:${input.clientAddress}`;
  const accountKey = `account:${email}`;
  if (failuresByAddress.isLimited(addressKey) || failuresByAccount.isLimited(accountKey)) {
    const retryAfterSeconds = Math.max(
      failuresByAddress.isLimited(addressKey) ? failuresByAddress.retryAfterSeconds(addressKey) : 0,
      failuresByAccount.isLimited(accountKey) ? failuresByAccount.retryAfterSeconds(accountKey) : 0,
    );
    return { ok: false, reason: "rate-limited", retryAfterSeconds };
  }

  let response: Response;
  try {
    response = await auth().api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: input.headers,
      asResponse: true,
    });
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) {
      response = new Response(null, { status: error.statusCode });
    } else {
      log.error("Admin login: the auth service failed", error);
      return { ok: false, reason: "unavailable" };
    }
  }

  if (response.ok) {
    failuresByAccount.reset(accountKey);
    return { ok: true, setCookies: response.headers.getSetCookie() };
  }
  if (response.status >= 500) {
    log.error(`Admin login: the auth service answered ${response.status}`);
    return { ok: false, reason: "unavailable" };
  }
  // 401 (unknown address or wrong password), 403 (banned), 400 (malformed): all one failure.
  failuresByAddress.hit(addressKey);
  failuresByAccount.hit(accountKey);
  return { ok: false, reason: "invalid" };
}

/** Ends the session of this request on the server and returns the cookies that clear it. */
export async function signOut(headers: Headers): Promise<{ setCookies: string[] }> {
  const response = await auth().api.signOut({ headers, asResponse: true });
  if (!response.ok) throw new Error(`sign-out answered ${response.status}`);
  return { setCookies: response.headers.getSetCookie() };
}

/** Only back to an admin page of this site: never an open redirect. */
export function safeAdminRedirect(value: unknown): string {
  const target = typeof value === "string" ? value : "";
  const ok = /^\/(admin|database-cleanup)(?:[/?#]|$)/.test(target) && !target.startsWith("//") && !target.includes("\\");
  return ok && !target.startsWith("/admin/login") ? target : "/admin";
}

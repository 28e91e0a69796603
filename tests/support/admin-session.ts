import type * as AuthModule from "@server/auth/auth.server";
import type * as LoginModule from "@server/auth/login.server";
import { secretOfUri, totpCode } from "./totp";

/**
 * A fully signed-in admin session for integration tests: the password, then (decision 017) the
 * two-factor set-up on the first sign-in of an account, or a TOTP code from its stored secret
 * afterwards. Pass the modules the test uses (imported directly, or through `app.load` for the
 * HTTP app, whose modules are separate instances).
 */
type Modules = { signInWithPassword: typeof LoginModule.signInWithPassword; auth: typeof AuthModule.auth };

/** The TOTP secret of each account this test file set up, by e-mail. */
const secrets = new Map<string, string>();

/** The `cookie` header a browser would send after these Set-Cookie headers, in order. */
export function cookieHeader(setCookies: string[]): string {
  const jar = new Map<string, string>();
  for (const header of setCookies) {
    const [pair, ...attributes] = header.split(";");
    const at = pair.indexOf("=");
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
    if (expired) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

export async function signInAdminWithCode(
  modules: Modules,
  input: { email: string; password: string; clientAddress: string },
): Promise<{ cookie: string; setCookies: string[]; secret: string }> {
  const email = input.email.trim().toLowerCase();
  const result = await modules.signInWithPassword({ ...input, headers: new Headers() });
  if (!result.ok) throw new Error(`sign-in failed: ${result.reason}`);
  const setCookies = [...result.setCookies];
  const api = modules.auth().api;
  if (!result.twoFactor) {
    // The account has no second factor yet: set it up, as the set-up page does.
    const enabled = await api.enableTwoFactor({ body: { password: input.password }, headers: new Headers({ cookie: cookieHeader(setCookies) }) });
    if (!("totpURI" in enabled) || !enabled.totpURI) throw new Error("two-factor set-up gave no TOTP URI");
    secrets.set(email, secretOfUri(enabled.totpURI));
  }
  const secret = secrets.get(email);
  if (!secret) throw new Error(`no TOTP secret known for ${email}: set up outside this helper`);
  const verified = await api.verifyTOTP({ body: { code: totpCode(secret) }, headers: new Headers({ cookie: cookieHeader(setCookies) }), asResponse: true });
  if (!verified.ok) throw new Error(`TOTP verification answered ${verified.status}`);
  setCookies.push(...verified.headers.getSetCookie());
  return { cookie: cookieHeader(setCookies), setCookies, secret };
}

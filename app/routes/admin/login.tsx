import "~/i18n/admin";
import { data, redirect } from "react-router";
import { z } from "zod";
import {
  AdminGateShell,
  AdminLoginCard,
  type AdminSessionActionData,
} from "~/components/admin/admin-gate-views";
import { translate } from "~/i18n";
import { getAdminState } from "@server/auth/guard.server";
import { safeAdminRedirect, signInWithPassword, signOut } from "@server/auth/login.server";
import { log } from "@server/log.server";
import { readForm } from "@server/http/form.server";
import type { Route } from "./+types/login";

/**
 * The login and logout action of the admin gate. The gate's forms post here (with JavaScript
 * through a fetcher, without it as a plain form post); this page shows the login form again
 * with the reason when a login without JavaScript fails.
 */
export const handle = { locale: "nl" };

const loginSchema = z.object({
  email: z.string().trim().min(1, "admin.login.emailRequired").max(254, "admin.login.emailInvalid").pipe(z.email("admin.login.emailInvalid")),
  password: z.string().min(1, "admin.login.passwordRequired").max(256, "admin.login.passwordRequired"),
});

export async function loader({ request }: Route.LoaderArgs) {
  const { state, headers } = await getAdminState(request);
  if (state.status !== "signed-out") {
    const target = safeAdminRedirect(new URL(request.url).searchParams.get("redirectTo"));
    throw redirect(target, { headers });
  }
  return data(null, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");

  if (intent === "logout") {
    try {
      const { setCookies } = await signOut(request.headers);
      const headers = new Headers({ "Cache-Control": "no-store" });
      for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
      return data<AdminSessionActionData>({ intent: "logout", ok: true }, { headers });
    } catch (error) {
      log.error("Admin logout failed", error);
      return data<AdminSessionActionData>(
        { intent: "logout", ok: false, error: translate("nl", "admin.logout.failedText") },
        { status: 503 },
      );
    }
  }

  // Kept in the answer, so a login without JavaScript still lands on the page asked for.
  const redirectTo = safeAdminRedirect(form.get("redirectTo"));
  const parsed = loginSchema.safeParse({ email: form.get("email") ?? "", password: form.get("password") ?? "" });
  if (!parsed.success) {
    const fieldErrors: { email?: string; password?: string } = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === "email" || field === "password") && !fieldErrors[field]) {
        fieldErrors[field] = translate("nl", issue.message as Parameters<typeof translate>[1]);
      }
    }
    const first = fieldErrors.email ?? fieldErrors.password ?? translate("nl", "admin.login.invalid");
    return data<AdminSessionActionData>({ intent: "login", ok: false, error: first, fieldErrors, redirectTo }, { status: 400 });
  }

  const result = await signInWithPassword({
    email: parsed.data.email,
    password: parsed.data.password,
    clientAddress: context.clientAddress,
    headers: request.headers,
  });
  if (result.ok) {
    const headers = new Headers();
    for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
    // With a second factor: on to the code (decision 017). Without one, an admin lands on the
    // set-up through the gate; other accounts on 'Toegang Geweigerd'.
    const target = result.twoFactor ? `/admin/2fa?${new URLSearchParams({ redirectTo }).toString()}` : redirectTo;
    throw redirect(target, { status: 303, headers });
  }
  if (result.reason === "rate-limited") {
    return data<AdminSessionActionData>(
      { intent: "login", ok: false, error: translate("nl", "admin.login.tooMany"), redirectTo },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  if (result.reason === "busy") {
    return data<AdminSessionActionData>(
      { intent: "login", ok: false, error: translate("nl", "admin.login.busy"), redirectTo },
      { status: 503, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  if (result.reason === "unavailable") {
    return data<AdminSessionActionData>(
      { intent: "login", ok: false, error: translate("nl", "admin.login.unavailable"), redirectTo },
      { status: 503 },
    );
  }
  return data<AdminSessionActionData>(
    { intent: "login", ok: false, error: translate("nl", "admin.login.invalid"), redirectTo },
    { status: 401 },
  );
}

export function meta() {
  return [
    { title: translate("nl", "admin.gate.metaTitle") },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export default function AdminLoginPage({ actionData }: Route.ComponentProps) {
  return (
    <AdminGateShell>
      <AdminLoginCard serverError={actionData ?? undefined} />
    </AdminGateShell>
  );
}

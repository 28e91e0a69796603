import "~/i18n/admin";
import { KeyRound, Loader2 } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { AdminGateScreen, GateCard, TotpCodeField } from "~/components/admin/admin-gate-views";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { translate, useI18n } from "~/i18n";
import { getAdminState } from "@server/auth/guard.server";
import { looksLikeRecoveryCode } from "@server/auth/recovery-codes.server";
import { hasSignInChallenge, TOTP_CODE_PATTERN } from "@server/auth/two-factor.server";
import { verifySignInCode } from "@server/auth/two-factor-sign-in.server";
import { readForm } from "@server/http/form.server";
import type { Route } from "./+types/two-factor";
import { noStore, redirectTarget, refusedCode } from "./two-factor.server";

/**
 * The second step of the admin sign-in (decision 017): after the password, Better Auth holds a
 * signed challenge cookie and no session; a code from the authenticator app (or one recovery
 * code) turns it into a session. A plain form: works without JavaScript.
 */
export const handle = { locale: "nl" };

type Failure = { ok: false; method: "totp" | "recovery"; error: string; expired?: boolean };

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = redirectTarget(request);
  const { state, headers } = await getAdminState(request);
  if (state.status !== "signed-out") throw redirect(redirectTo, { headers });
  if (!hasSignInChallenge(request.headers)) {
    throw redirect(`/admin/login?${new URLSearchParams({ redirectTo }).toString()}`, { headers: noStore() });
  }
  return data({ redirectTo }, { headers: noStore() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const redirectTo = redirectTarget(request, form);
  const method = form.get("intent") === "recovery" ? "recovery" : "totp";
  const raw = form.get("code");
  const code = typeof raw === "string" ? (method === "totp" ? raw.replace(/[\s-]/g, "") : raw.trim()) : "";
  const fail = (status: number, error: string, extra: { expired?: boolean; headers?: Headers } = {}) =>
    data<Failure>({ ok: false, method, error, expired: extra.expired }, { status, headers: extra.headers ?? noStore() });

  if (method === "totp" ? !TOTP_CODE_PATTERN.test(code) : !looksLikeRecoveryCode(code)) {
    return fail(400, translate("nl", method === "totp" ? "admin.twoFactor.codeRequired" : "admin.twoFactor.recoveryRequired"));
  }
  const result = await verifySignInCode({ method, code, clientAddress: context.clientAddress, headers: request.headers });
  const headers = noStore();
  for (const cookie of result.setCookies ?? []) headers.append("Set-Cookie", cookie);
  if (result.ok) throw redirect(redirectTo, { status: 303, headers });
  const refused = refusedCode(result, { status: 401, message: method === "totp" ? "admin.twoFactor.invalid" : "admin.twoFactor.invalidRecovery" });
  if (refused.retryAfterSeconds !== undefined) headers.set("Retry-After", String(refused.retryAfterSeconds));
  return fail(refused.status, refused.error, { expired: refused.expired, headers });
}

export function meta() {
  return [{ title: translate("nl", "admin.twoFactor.metaTitle") }, { name: "robots", content: "noindex, nofollow" }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const loginHref = `/admin/login?${new URLSearchParams({ redirectTo: loaderData.redirectTo }).toString()}`;

  // Signed in: the gate's 'Laden...' while the admin page asked for loads.
  return (
    <AdminGateScreen>
      <GateCard labelledBy="two-factor-title">
        <header className="mb-6 text-center">
          <KeyRound aria-hidden className="mx-auto mb-3 size-10 text-signal-700" />
          <h1 id="two-factor-title" className="text-3xl font-bold uppercase">
            {t("admin.twoFactor.title")}
          </h1>
          <p className="mt-2 text-sm text-slate-600">{t("admin.twoFactor.subtitle")}</p>
        </header>
        {failure && (
          <p role="alert" className="mb-5 rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {failure.error}
            {failure.expired && (
              <>
                {" "}
                <a href={loginHref} className="font-semibold underline underline-offset-2">
                  {t("admin.twoFactor.backToLogin")}
                </a>
              </>
            )}
          </p>
        )}
        <Form method="post" className="flex flex-col gap-5">
          <input type="hidden" name="intent" value="totp" />
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <TotpCodeField
            id="two-factor-code"
            invalid={failure?.method === "totp"}
            autoFocus={failure?.method !== "recovery"}
            focusKey={failure?.method === "totp" ? failure : undefined}
          />
          <Button type="submit" variant="accent" size="lg" disabled={submitting} className="w-full">
            {submitting && <Loader2 aria-hidden className="animate-spin" />}
            {submitting ? t("admin.twoFactor.submitting") : t("admin.twoFactor.submit")}
          </Button>
        </Form>
        <details className="mt-6 rounded-md border border-slate-200 p-4" open={failure?.method === "recovery"}>
          <summary className="cursor-pointer font-semibold text-ocean-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            {t("admin.twoFactor.useRecovery")}
          </summary>
          <Form method="post" className="mt-4 flex flex-col gap-3">
            <input type="hidden" name="intent" value="recovery" />
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
            <Label htmlFor="two-factor-recovery">{t("admin.twoFactor.recoveryCode")}</Label>
            <Input
              id="two-factor-recovery"
              name="code"
              type="text"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={40}
              required
              autoFocus={failure?.method === "recovery"}
              aria-describedby="two-factor-recovery-hint"
              aria-invalid={failure?.method === "recovery" ? true : undefined}
              className="font-mono"
            />
            <p id="two-factor-recovery-hint" className="text-sm text-slate-600">
              {t("admin.twoFactor.recoveryHint")}
            </p>
            <Button type="submit" variant="outline" disabled={submitting}>
              {t("admin.twoFactor.recoverySubmit")}
            </Button>
          </Form>
        </details>
        <p className="mt-6 text-center text-sm">
          <a href={loginHref} className="font-semibold text-ocean-700 underline underline-offset-2 hover:text-navy-900">
            {t("admin.twoFactor.backToLogin")}
          </a>
        </p>
      </GateCard>
    </AdminGateScreen>
  );
}

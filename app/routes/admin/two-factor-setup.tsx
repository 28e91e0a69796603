import "~/i18n/admin";
import { Copy, Download, Loader2, Printer, ShieldCheck } from "lucide-react";
import { useState, type ReactNode } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { AdminGateShell, AdminLogoutForm, GateCard, TotpCodeField } from "~/components/admin/admin-gate-views";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { translate, useI18n } from "~/i18n";
import { useHydrated } from "~/lib/hydrated";
import { getAdminState } from "@server/auth/guard.server";
import { confirmTwoFactorSetup, startTwoFactorSetup, TOTP_CODE_PATTERN, twoFactorSetupState } from "@server/auth/two-factor.server";
import { readForm } from "@server/http/form.server";
import type { Route } from "./+types/two-factor-setup";
import { noStore, redirectTarget, refusedCode } from "./two-factor.server";

/**
 * Setting up the second factor (decision 017). An admin without one reaches only this page: the
 * gate sends every admin page here. Three steps, each a plain form: confirm the password (Better
 * Auth stores a new unverified key and ten recovery codes), scan the QR code (or type the key)
 * and enter a code, then the recovery codes, shown this once.
 */
export const handle = { locale: "nl" };

type ActionResult =
  | { ok: true; done: true; recoveryCodes: string[]; redirectTo: string }
  | { ok: false; intent: "start" | "confirm"; error: string };

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = redirectTarget(request);
  const { state, headers } = await getAdminState(request);
  headers.set("Cache-Control", "no-store");
  // Signed out: a link to the login, not a redirect. The confirm action gives the session a new
  // token, and without JavaScript this loader runs in the same request with the old cookie: a
  // redirect here would lose the recovery codes the action answered.
  // Nor are Better Auth's headers passed on then: they would clear the new session cookie.
  if (state.status === "signed-out") return data({ status: "signed-out" as const, redirectTo, email: "", setup: null }, { headers: noStore() });
  // Not an admin: the gate shows 'Toegang Geweigerd'.
  if (state.status === "forbidden") throw redirect("/admin", { headers });
  // On already (in another tab, or just now: the recovery codes of the action stay on screen).
  if (state.status === "admin") return data({ status: "enabled" as const, redirectTo, email: state.user.email, setup: null }, { headers });
  const setup = await twoFactorSetupState(state.user.id, state.user.email);
  return data(
    { status: "setup" as const, redirectTo, email: state.user.email, setup: setup && { secret: setup.secret, qrSvg: setup.qrSvg } },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const redirectTo = redirectTarget(request, form);
  const { state } = await getAdminState(request);
  if (state.status === "signed-out") return data({ ok: false, intent: "start", error: translate("nl", "admin.twoFactor.signedOut") } satisfies ActionResult, { status: 401, headers: noStore() });
  if (state.status === "forbidden") throw new Response("Forbidden", { status: 403, headers: noStore() });
  if (state.status === "admin") throw redirect(redirectTo, { status: 303 });
  const intent = form.get("intent") === "confirm" ? "confirm" : "start";
  const refuse = (status: number, error: string, retryAfter?: number) => {
    const headers = noStore();
    if (retryAfter !== undefined) headers.set("Retry-After", String(retryAfter));
    return data({ ok: false, intent, error } satisfies ActionResult, { status, headers });
  };
  const fail = (status: number, key: Parameters<typeof translate>[1]) => refuse(status, translate("nl", key));

  if (intent === "start") {
    const password = form.get("password");
    if (typeof password !== "string" || password.length === 0 || password.length > 256) return fail(400, "admin.login.passwordRequired");
    const result = await startTwoFactorSetup({ userId: state.user.id, password, clientAddress: context.clientAddress, headers: request.headers });
    if (result.ok) throw redirect(`/admin/2fa/setup?${new URLSearchParams({ redirectTo }).toString()}`, { status: 303, headers: noStore() });
    if (result.reason === "already-enabled") throw redirect(redirectTo, { status: 303 });
    if (result.reason === "invalid-password") return fail(400, "admin.twoFactor.passwordInvalid");
    const refused = refusedCode(result, { status: 400, message: "admin.twoFactor.invalid" });
    return refuse(refused.status, refused.error, refused.retryAfterSeconds);
  }

  const raw = form.get("code");
  const code = typeof raw === "string" ? raw.replace(/[\s-]/g, "") : "";
  if (!TOTP_CODE_PATTERN.test(code)) return fail(400, "admin.twoFactor.codeRequired");
  const result = await confirmTwoFactorSetup({ userId: state.user.id, code, clientAddress: context.clientAddress, headers: request.headers });
  if (result.ok) {
    const headers = noStore();
    for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
    return data({ ok: true, done: true, recoveryCodes: result.recoveryCodes, redirectTo } satisfies ActionResult, { headers });
  }
  const refused = refusedCode(result, { status: 400, message: "admin.twoFactor.invalid" });
  return refuse(refused.status, refused.error, refused.retryAfterSeconds);
}

export function meta() {
  return [{ title: translate("nl", "admin.twoFactor.metaTitle") }, { name: "robots", content: "noindex, nofollow" }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function TwoFactorSetupPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const failure = actionData && !actionData.ok ? actionData : undefined;

  if (actionData?.ok) {
    return (
      <Card title={t("admin.twoFactor.doneTitle")}>
        <p className="text-slate-700">{t("admin.twoFactor.doneIntro")}</p>
        <h2 id="recovery-codes-title" className="mt-6 text-lg font-bold">
          {t("admin.twoFactor.codesLabel")}
        </h2>
        {/* One code a line each, never broken at its dashes: two columns fit a phone in the smaller size. */}
        <ol aria-labelledby="recovery-codes-title" className="mt-2 grid grid-cols-2 gap-2 font-mono text-sm sm:text-base" data-testid="recovery-codes">
          {actionData.recoveryCodes.map((code) => (
            <li key={code} className="whitespace-nowrap rounded bg-foam-100 px-2 py-1 text-navy-900">
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <RecoveryCodesSaver codes={actionData.recoveryCodes} email={loaderData.email} />
        <p className="mt-4 font-semibold text-navy-900">{t("admin.twoFactor.shownOnce")}</p>
        <a
          href={actionData.redirectTo}
          className="mt-6 inline-flex h-11 w-full items-center justify-center rounded-md bg-signal-700 px-6 font-semibold text-white hover:bg-signal-700/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 print:hidden"
        >
          {t("admin.twoFactor.continue")}
        </a>
      </Card>
    );
  }

  if (loaderData.status === "signed-out") {
    const back = `/admin/2fa/setup?${new URLSearchParams({ redirectTo: loaderData.redirectTo }).toString()}`;
    return (
      <Card title={t("admin.twoFactor.setupTitle")}>
        <p className="text-slate-700">{t("admin.twoFactor.signedOut")}</p>
        <a href={`/admin/login?${new URLSearchParams({ redirectTo: back }).toString()}`} className="mt-4 inline-block font-semibold text-ocean-700 underline underline-offset-2">
          {t("admin.twoFactor.backToLogin")}
        </a>
      </Card>
    );
  }

  if (loaderData.status === "enabled") {
    return (
      <Card title={t("admin.twoFactor.doneTitle")}>
        <a href={loaderData.redirectTo} className="font-semibold text-ocean-700 underline underline-offset-2">
          {t("admin.back")}
        </a>
      </Card>
    );
  }

  const error = (intent: "start" | "confirm") =>
    failure?.intent === intent ? (
      <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
        {failure.error}
      </p>
    ) : null;

  const passwordForm = (label: string, id: string) => (
    <Form method="post" className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="start" />
      <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
      <input type="hidden" name="username" value={loaderData.email} autoComplete="username" />
      <Label htmlFor={id}>{t("admin.twoFactor.setupPassword")}</Label>
      <Input id={id} name="password" type="password" autoComplete="current-password" required maxLength={256} />
      {error("start")}
      <Button type="submit" variant={loaderData.setup ? "outline" : "accent"} disabled={submitting}>
        {submitting && navigation.formData?.get("intent") === "start" && <Loader2 aria-hidden className="animate-spin" />}
        {label}
      </Button>
    </Form>
  );

  return (
    <Card title={t("admin.twoFactor.setupTitle")}>
      <p className="text-slate-700">{t("admin.twoFactor.setupIntro")}</p>
      {!loaderData.setup ? (
        <div className="mt-6">{passwordForm(t("admin.twoFactor.setupStart"), "setup-password")}</div>
      ) : (
        <>
          <h2 className="mt-6 text-lg font-bold">{t("admin.twoFactor.step1")}</h2>
          <div
            role="img"
            aria-label={t("admin.twoFactor.qrLabel")}
            className="mx-auto mt-3 size-56 [&>svg]:size-full"
            // An SVG made on the server by `qrcode` from the otpauth URI: paths only, no script.
            dangerouslySetInnerHTML={{ __html: loaderData.setup.qrSvg }}
          />
          <p className="mt-3 text-sm text-slate-700">{t("admin.twoFactor.manual")}</p>
          <p className="mt-1 break-all rounded bg-foam-100 px-3 py-2 text-center font-mono text-base text-navy-900">
            <code data-testid="totp-secret">{loaderData.setup.secret.replace(/(.{4})(?=.)/g, "$1 ")}</code>
          </p>
          <p className="mt-1 text-xs text-slate-600">{t("admin.twoFactor.manualAccount", { email: loaderData.email })}</p>
          <h2 className="mt-6 text-lg font-bold">{t("admin.twoFactor.step2")}</h2>
          <Form method="post" className="mt-3 flex flex-col gap-3">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
            <TotpCodeField id="setup-code" invalid={failure?.intent === "confirm"} focusKey={failure?.intent === "confirm" ? failure : undefined} />
            {error("confirm")}
            <Button type="submit" variant="accent" size="lg" disabled={submitting}>
              {submitting && navigation.formData?.get("intent") === "confirm" && <Loader2 aria-hidden className="animate-spin" />}
              {t("admin.twoFactor.confirm")}
            </Button>
          </Form>
          <details className="mt-6 rounded-md border border-slate-200 p-4" open={failure?.intent === "start"}>
            <summary className="cursor-pointer font-semibold text-ocean-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
              {t("admin.twoFactor.restart")}
            </summary>
            <div className="mt-4">{passwordForm(t("admin.twoFactor.restart"), "restart-password")}</div>
          </details>
        </>
      )}
      <AdminLogoutForm label={t("admin.logout.button")} className="mt-6" variant="outline" />
    </Card>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AdminGateShell>
      <GateCard labelledBy="two-factor-setup-title" wide>
        <header className="mb-4 text-center">
          <ShieldCheck aria-hidden className="mx-auto mb-3 size-10 text-signal-700" />
          <h1 id="two-factor-setup-title" className="text-3xl font-bold uppercase">
            {title}
          </h1>
        </header>
        {children}
      </GateCard>
    </AdminGateShell>
  );
}

/** The text of the recovery codes as copied and downloaded: what they are, for whom, one a line. */
function recoveryCodesText(codes: string[], email: string, t: ReturnType<typeof useI18n>["t"]): string {
  return [t("admin.twoFactor.codesFileTitle"), email, "", ...codes, "", t("admin.twoFactor.codesFileNote"), ""].filter((line, i) => i !== 1 || line).join("\n");
}

/**
 * Ways to keep the codes before leaving the page, which is the only time they are shown: copy
 * (Clipboard API, with the outcome said in a live region), print, and a .txt download (a data:
 * URL, so it works without JavaScript and asks nothing of the server). Copy and print need
 * JavaScript and appear once the page has it.
 */
function RecoveryCodesSaver({ codes, email }: { codes: string[]; email: string }) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const [status, setStatus] = useState("");
  const text = recoveryCodesText(codes, email, t);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(text);
      setStatus(t("admin.twoFactor.copied"));
    } catch {
      setStatus(t("admin.twoFactor.copyFailed"));
    }
  };
  const button =
    "inline-flex h-10 items-center justify-center gap-2 rounded-md border border-ocean-700 bg-white px-4 text-sm font-semibold text-ocean-700 hover:bg-foam-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2";
  return (
    <div className="mt-4 print:hidden">
      <div className="flex flex-wrap gap-2">
        {hydrated && (
          <>
            <button type="button" className={button} onClick={() => void copy()}>
              <Copy aria-hidden className="size-4" />
              {t("admin.twoFactor.copy")}
            </button>
            <button type="button" className={button} onClick={() => window.print()}>
              <Printer aria-hidden className="size-4" />
              {t("admin.twoFactor.print")}
            </button>
          </>
        )}
        <a className={button} href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="ocean-racing-herstelcodes.txt">
          <Download aria-hidden className="size-4" />
          {t("admin.twoFactor.download")}
        </a>
      </div>
      <p role="status" aria-live="polite" className="mt-2 min-h-5 text-sm text-slate-700">
        {status}
      </p>
    </div>
  );
}

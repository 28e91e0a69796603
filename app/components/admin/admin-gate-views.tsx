import { Anchor, Loader2, LogOut, ShieldAlert } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { useFetcher, useLocation, useNavigation } from "react-router";
import { toast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useI18n } from "~/i18n";
import { cn } from "~/lib/utils";

/** Where the login and logout forms post (the action of `routes/admin/login.tsx`). */
export const ADMIN_SESSION_ACTION = "/admin/login";

/** What the login/logout action answers; the forms read it from their fetcher. */
export type AdminSessionActionData =
  | { intent: "login"; ok: false; error: string; fieldErrors?: { email?: string; password?: string }; redirectTo?: string }
  | { intent: "logout"; ok: true }
  | { intent: "logout"; ok: false; error: string };

/** The dark, full-height backdrop of the gate's login, denied and loading states. */
export function AdminGateShell({ children }: { children: ReactNode }) {
  return (
    <main
      id="main"
      className="relative isolate flex min-h-screen flex-col items-center justify-center bg-navy-900 px-4 py-16 text-white print:min-h-0 print:bg-white print:py-0 print:text-navy-900"
    >
      <div aria-hidden className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_30%_20%,rgba(27,120,173,0.35),transparent_55%)] print:hidden" />
      <a href="/" className="mb-8 flex items-center gap-2 font-display text-xl font-bold uppercase tracking-wider text-white print:text-navy-900">
        <Anchor aria-hidden className="size-6 text-signal-500" />
        Ocean Racing Team
      </a>
      {children}
    </main>
  );
}

/** The white card of a gate screen; `wide` for the two-factor set-up (QR code, recovery codes). */
export function GateCard({ children, labelledBy, wide = false }: { children: ReactNode; labelledBy: string; wide?: boolean }) {
  return (
    <article
      aria-labelledby={labelledBy}
      className={cn("w-full rounded-xl border border-white/10 bg-white p-8 text-navy-900 shadow-2xl shadow-black/40 print:shadow-none", wide ? "max-w-lg" : "max-w-md")}
    >
      {children}
    </article>
  );
}

/** A gate screen on the backdrop: 'Laden...' while a navigation is under way, else `children`. */
export function AdminGateScreen({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  return <AdminGateShell>{navigation.state === "loading" ? <AdminLoading /> : children}</AdminGateShell>;
}

/**
 * The six-digit field of the two-factor pages: numeric keyboard, the app's autofill, the hint.
 * `autoFocus`: the page is the code prompt, so the field has the focus when it opens (also
 * without JavaScript); `focusKey`: whenever it changes (a refused code), the field takes the
 * focus again, its text selected for retyping.
 */
export function TotpCodeField({ id, invalid, autoFocus = false, focusKey }: { id: string; invalid: boolean; autoFocus?: boolean; focusKey?: unknown }) {
  const { t } = useI18n();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusKey === undefined || !field.current) return;
    field.current.focus();
    field.current.select();
  }, [focusKey]);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{t("admin.twoFactor.code")}</Label>
      <Input
        ref={field}
        id={id}
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]{6,7}"
        maxLength={7}
        required
        autoFocus={autoFocus}
        aria-describedby={`${id}-hint`}
        aria-invalid={invalid || undefined}
        variant={null}
        className="h-10 border-input bg-background font-mono text-lg tracking-widest"
      />
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {t("admin.twoFactor.codeHint")}
      </p>
    </div>
  );
}

/** The gate while a navigation or submission is under way. */
export function AdminLoading() {
  const { t } = useI18n();
  return (
    <div role="status" aria-live="polite" className="flex flex-col items-center gap-4 text-foam-100">
      <Loader2 aria-hidden className="size-10 animate-spin text-signal-500" />
      <p className="text-lg font-medium">{t("admin.gate.loading")}</p>
    </div>
  );
}

/** A small fixed indicator for admins, so the page stays visible while the next one loads. */
export function AdminLoadingIndicator() {
  const { t } = useI18n();
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed left-1/2 top-4 z-50 flex -translate-x-1/2 items-center gap-2 rounded-full bg-navy-900 px-4 py-2 text-sm font-medium text-white shadow-lg print:hidden"
    >
      <Loader2 aria-hidden className="size-4 animate-spin text-signal-500" />
      {t("admin.gate.loading")}
    </div>
  );
}

/** The login form: a real form that works without JavaScript; with it, failures are toasts. */
export function AdminLoginCard({ serverError }: { serverError?: AdminSessionActionData }) {
  const { t } = useI18n();
  const location = useLocation();
  const fetcher = useFetcher<AdminSessionActionData>({ key: "admin-login" });
  const submitting = fetcher.state !== "idle";
  const result = fetcher.data ?? serverError;
  const failure = result && result.intent === "login" && !result.ok ? result : undefined;

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.intent === "login" && !fetcher.data.ok) {
      toast.error(t("admin.login.failed"), { description: fetcher.data.error });
    }
  }, [fetcher.state, fetcher.data, t]);

  // On the login page itself, go on to the admin home; elsewhere, back to the page asked for.
  const params = new URLSearchParams(location.search);
  const redirectTo =
    location.pathname === ADMIN_SESSION_ACTION
      ? ((failure?.redirectTo ?? params.get("redirectTo")) || "/admin")
      : `${location.pathname}${location.search}`;

  return (
    <GateCard labelledBy="admin-login-title">
      <header className="mb-6 text-center">
        <h1 id="admin-login-title" className="text-3xl font-bold uppercase">
          {t("admin.login.title")}
        </h1>
        <p className="mt-2 text-sm text-slate-600">{t("admin.login.subtitle")}</p>
      </header>
      <fetcher.Form method="post" action={ADMIN_SESSION_ACTION} className="flex flex-col gap-5" noValidate={false}>
        <input type="hidden" name="intent" value="login" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div className="flex flex-col gap-2">
          <Label htmlFor="admin-email">{t("admin.login.email")}</Label>
          <Input
            id="admin-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            maxLength={254}
            aria-invalid={failure?.fieldErrors?.email ? true : undefined}
            aria-describedby={failure?.fieldErrors?.email ? "admin-email-error" : undefined}
          />
          {failure?.fieldErrors?.email && (
            <p id="admin-email-error" className="text-sm text-destructive">
              {failure.fieldErrors.email}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="admin-password">{t("admin.login.password")}</Label>
          <Input
            id="admin-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={256}
            aria-invalid={failure?.fieldErrors?.password ? true : undefined}
            aria-describedby={failure?.fieldErrors?.password ? "admin-password-error" : undefined}
          />
          {failure?.fieldErrors?.password && (
            <p id="admin-password-error" className="text-sm text-destructive">
              {failure.fieldErrors.password}
            </p>
          )}
        </div>
        {failure && !failure.fieldErrors && (
          <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {failure.error}
          </p>
        )}
        <Button type="submit" variant="accent" size="lg" disabled={submitting} className="w-full">
          {submitting && <Loader2 aria-hidden className="animate-spin" />}
          {submitting ? t("admin.login.submitting") : t("admin.login.submit")}
        </Button>
      </fetcher.Form>
    </GateCard>
  );
}

/** A logout form (button only); toasts 'Uitgelogd' or 'Uitlog fout' with JavaScript. */
export function AdminLogoutForm({ label, className, variant }: { label: string; className?: string; variant?: "outline" | "default" }) {
  const { t } = useI18n();
  const fetcher = useFetcher<AdminSessionActionData>({ key: "admin-logout" });
  const handled = useRef<unknown>(undefined);

  // On success the gate revalidates and unmounts this form before the fetcher is idle again:
  // toast as soon as the answer is in.
  useEffect(() => {
    const data = fetcher.data;
    if (!data || data.intent !== "logout" || handled.current === data) return;
    handled.current = data;
    if (data.ok) toast.success(t("admin.logout.done"), { description: t("admin.logout.doneText") });
    else toast.error(t("admin.logout.failed"), { description: data.error });
  }, [fetcher.data, t]);

  return (
    <fetcher.Form method="post" action={ADMIN_SESSION_ACTION} className={className}>
      <input type="hidden" name="intent" value="logout" />
      <Button type="submit" variant={variant ?? "outline"} disabled={fetcher.state !== "idle"}>
        <LogOut aria-hidden />
        {label}
      </Button>
    </fetcher.Form>
  );
}

/** Signed in, but not an admin. */
export function AdminAccessDenied({ email }: { email?: string }) {
  const { t } = useI18n();
  return (
    <GateCard labelledBy="admin-denied-title">
      <div className="flex flex-col items-center gap-4 text-center">
        <ShieldAlert aria-hidden className="size-12 text-destructive" />
        <h1 id="admin-denied-title" className="text-3xl font-bold uppercase">
          {t("admin.denied.title")}
        </h1>
        <p className="text-slate-600">{t("admin.denied.text")}</p>
        {email && <p className="text-sm text-slate-500">{t("admin.denied.signedInAs", { email })}</p>}
        <AdminLogoutForm label={t("admin.logout.button")} variant="default" className="mt-2" />
      </div>
    </GateCard>
  );
}

/** The fixed 'Admin Uitloggen' button at the top right of every admin page. */
export function AdminLogoutButton() {
  const { t } = useI18n();
  return <AdminLogoutForm label={t("admin.logout.adminButton")} className="fixed right-4 top-4 z-40 print:hidden" variant="outline" />;
}

import "~/i18n/admin";
import { ExternalLink, KeyRound, Loader2, ShieldCheck, TriangleAlert } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { ActionFeedback } from "~/components/admin/action-feedback";
import type { Feedback } from "~/schemas/feedback";
import { AdminPage } from "~/components/admin/admin-page";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { translate, useI18n, type MessageKey } from "~/i18n";
import { formatDate } from "~/lib/dates";
import { AccessCodeError, demoAccessCodeRefused, isPrivatePageKey, listPrivatePages, setAccessCodes, type PrivatePageKey } from "@server/access/index.server";
import { requireStaff } from "@server/auth/guard.server";
import { env } from "@server/env.server";
import { log } from "@server/log.server";
import { readForm } from "@server/http/form.server";
import type { Route } from "./+types/codes";

export const handle = { locale: "nl" };

/** The spec: /zomeravondzeilen accepts either of two codes; the other pages one. */
const TWO_CODE_PAGES: readonly string[] = ["zomeravondzeilen"];
const MIN_CODE_LENGTH = 6;
const MAX_CODE_LENGTH = 200;

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "events");
  const pages = await listPrivatePages();
  // Never the codes or their hashes: only how many there are and when they changed.
  return {
    pages: pages.map((page) => ({
      key: page.key,
      title: page.title,
      path: page.path,
      codeCount: page.codeCount,
      codesUpdatedAt: page.codesUpdatedAt?.toISOString() ?? null,
      envVar: page.envVar,
      setByEnvironment: page.setByEnvironment,
      acceptsTwo: TWO_CODE_PAGES.includes(page.key),
    })),
  };
}

function codeProblem(code: string): MessageKey | undefined {
  if (code.length === 0) return "admin.codes.validation.required";
  // The start-up check's rule (live: no README demo code), before the length rules some demo codes pass.
  if (demoAccessCodeRefused(code, env())) return "admin.codes.validation.demo";
  if (code.length < MIN_CODE_LENGTH) return "admin.codes.validation.tooShort";
  if (code.length > MAX_CODE_LENGTH) return "admin.codes.validation.tooLong";
  if (code.includes(",")) return "admin.codes.validation.comma";
  return undefined;
}

type CodeErrors = { code?: MessageKey; secondCode?: MessageKey };

export async function action({ request }: Route.ActionArgs) {
  await requireStaff(request, "events");
  const form = await readForm(request);
  const pageKey = String(form.get("pageKey") ?? "");
  const refuse = (errors: CodeErrors, message: MessageKey, status = 400) =>
    data({ pageKey, errors, feedback: { kind: "error", title: "admin.uploads.errorTitle", message } satisfies Feedback as Feedback }, { status });
  if (!isPrivatePageKey(pageKey)) return refuse({}, "admin.codes.validation.page");

  // Spaces around a code can't be told apart by a visitor: they are not part of it.
  const code = String(form.get("code") ?? "").trim();
  const secondCode = TWO_CODE_PAGES.includes(pageKey) ? String(form.get("secondCode") ?? "").trim() : "";
  const errors: CodeErrors = { code: codeProblem(code), secondCode: secondCode ? codeProblem(secondCode) : undefined };
  if (!errors.secondCode && secondCode && secondCode === code) errors.secondCode = "admin.codes.validation.same";
  const firstError = errors.code ?? errors.secondCode;
  if (firstError) return refuse(errors, firstError);

  try {
    await setAccessCodes(pageKey as PrivatePageKey, secondCode ? [code, secondCode] : [code]);
  } catch (error) {
    if (!(error instanceof AccessCodeError)) log.error(`Rotating the access codes of ${pageKey} failed`, error);
    return refuse({}, "admin.codes.failed", error instanceof AccessCodeError ? 400 : 500);
  }
  const pages = await listPrivatePages();
  const title = pages.find((page) => page.key === pageKey)?.title ?? pageKey;
  const feedback: Feedback = { kind: "success", title: "admin.codes.saved", message: "admin.codes.savedText", params: { page: title } };
  return { pageKey, errors: {} as CodeErrors, feedback };
}

export function meta() {
  return [{ title: `${translate("nl", "admin.codes.title")} | Admin | Ocean Racing Team` }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AccessCodes({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  return (
    <AdminPage title={t("admin.codes.title")} intro={<p>{t("admin.codes.intro")}</p>}>
      <ActionFeedback feedback={actionData?.feedback} />
      <ul className="grid gap-6 lg:grid-cols-2">
        {loaderData.pages.map((page) => {
          const errors: CodeErrors = actionData?.pageKey === page.key ? actionData.errors : {};
          const saving = navigation.state === "submitting" && navigation.formData?.get("pageKey") === page.key;
          const ids = { code: `code-${page.key}`, second: `second-code-${page.key}`, hint: `code-hint-${page.key}` };
          return (
            <li key={page.key}>
              <article aria-labelledby={`page-${page.key}`} className="flex h-full flex-col gap-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <header className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <h2 id={`page-${page.key}`} className="text-2xl font-bold uppercase text-navy-900">
                      {page.title}
                    </h2>
                    <a href={page.path} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-sm font-semibold text-ocean-600 hover:underline">
                      {t("admin.codes.openPage", { path: page.path })}
                      <ExternalLink aria-hidden className="size-3.5" />
                    </a>
                  </div>
                  <p className="flex items-center gap-1.5 rounded-full bg-foam-100 px-3 py-1 text-sm font-semibold text-ocean-700">
                    <ShieldCheck aria-hidden className="size-4" />
                    {page.codeCount === 0 ? t("admin.codes.locked") : t("admin.codes.codeCount", { count: page.codeCount })}
                  </p>
                </header>
                <p className="text-sm text-slate-600">
                  {page.codesUpdatedAt
                    ? t("admin.codes.changedAt", { date: formatDate(page.codesUpdatedAt, locale, { dateStyle: "long", timeStyle: "short" }) })
                    : t("admin.codes.neverChanged")}
                </p>
                {page.setByEnvironment && (
                  <p className="flex items-start gap-2 rounded-lg border border-signal-500/40 bg-signal-500/10 p-3 text-sm text-navy-900">
                    <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-signal-600" />
                    {t("admin.codes.fromEnvironment", { envVar: page.envVar })}
                  </p>
                )}
                {/* Keyed on the last change: a saved rotation empties the fields. */}
                <Form method="post" key={page.codesUpdatedAt ?? "never"} className="mt-auto grid gap-4" autoComplete="off">
                  <input type="hidden" name="pageKey" value={page.key} />
                  <div className="grid gap-1.5">
                    <Label htmlFor={ids.code} variant={null} className="font-semibold leading-none text-navy-900">
                      {t("admin.codes.newCode")}
                    </Label>
                    <Input
                      id={ids.code}
                      name="code"
                      type="text"
                      required
                      minLength={MIN_CODE_LENGTH}
                      maxLength={MAX_CODE_LENGTH}
                      spellCheck={false}
                      autoCapitalize="off"
                      aria-invalid={errors.code ? true : undefined}
                      aria-describedby={[ids.hint, errors.code ? `${ids.code}-error` : ""].filter(Boolean).join(" ")}
                      className="font-mono"
                    />
                    {errors.code && (
                      <p id={`${ids.code}-error`} className="text-sm font-medium text-destructive">
                        {t(errors.code)}
                      </p>
                    )}
                  </div>
                  {page.acceptsTwo && (
                    <div className="grid gap-1.5">
                      <Label htmlFor={ids.second} variant={null} className="font-semibold leading-none text-navy-900">
                        {t("admin.codes.secondCode")}
                      </Label>
                      <Input
                        id={ids.second}
                        name="secondCode"
                        type="text"
                        minLength={MIN_CODE_LENGTH}
                        maxLength={MAX_CODE_LENGTH}
                        spellCheck={false}
                        autoCapitalize="off"
                        aria-invalid={errors.secondCode ? true : undefined}
                        aria-describedby={errors.secondCode ? `${ids.second}-error` : ids.hint}
                        className="font-mono"
                      />
                      {errors.secondCode && (
                        <p id={`${ids.second}-error`} className="text-sm font-medium text-destructive">
                          {t(errors.secondCode)}
                        </p>
                      )}
                    </div>
                  )}
                  <p id={ids.hint} className="text-xs text-slate-500">
                    {t("admin.codes.codeHint")} {page.acceptsTwo && t("admin.codes.twoCodesHint")}
                  </p>
                  <Button type="submit" className="justify-self-start" disabled={saving}>
                    {saving ? <Loader2 aria-hidden className="animate-spin" /> : <KeyRound aria-hidden />}
                    {saving ? t("admin.codes.saving") : t("admin.codes.save")}
                  </Button>
                </Form>
              </article>
            </li>
          );
        })}
      </ul>
    </AdminPage>
  );
}

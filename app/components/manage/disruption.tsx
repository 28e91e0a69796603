import "~/i18n/manage";
import { TriangleAlert } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { useI18n, type MessageKey, type Translator } from "~/i18n";
import { formatAmount } from "~/lib/money-format";
import { formatDate, formatDateRange } from "~/lib/dates";
import { cn } from "~/lib/utils";
import type { ManageActionData, ManageView } from "~/schemas/manage";

// The team cancelled or moved the date (decision 015).

type DisruptionAnswer = Extract<ManageActionData, { intent: "disruption-move" | "disruption-refund" }>;

/** The answer to a choice after a cancelled or moved date, as the page's result line says it. */
export function disruptionResult(t: Translator, result: DisruptionAnswer, teamEmail: string): { tone: "success" | "error" | "neutral"; text: string } {
  switch (result.outcome) {
    case "moved":
      return { tone: "success", text: t("disruption.result.moved") };
    case "refunded":
      // What is refunded, and whether it has arrived, is said once: in the cancelled notice below.
      return { tone: "success", text: t("disruption.result.cancelled") };
    case "already_answered":
      return { tone: "neutral", text: t("disruption.result.alreadyAnswered") };
    case "full":
      return { tone: "error", text: t("disruption.result.full") };
    case "target_closed":
      return { tone: "error", text: t("disruption.result.closed") };
    case "bad_target":
      return { tone: "error", text: t("disruption.result.badTarget") };
    case "not_live":
    case "no_disruption":
      return { tone: "error", text: t("disruption.result.notLive") };
    default:
      return { tone: "error", text: t("disruption.result.failed", { email: teamEmail }) };
  }
}

/** "Choose now": the line under the dates at the top of the page while the choice is open. */
export function DisruptionHeroNote({ disruption: d }: { disruption: NonNullable<ManageView["disruption"]> }) {
  const { t } = useI18n();
  if (d.choice !== "pending") return null;
  return (
    <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-signal-500/60 bg-navy-800/60 px-4 py-3 text-white" data-testid="manage-hero-disruption">
      <TriangleAlert className="size-5 shrink-0 text-signal-500" aria-hidden />
      <span>{t(d.kind === "moved" ? "disruption.hero.moved" : "disruption.hero.cancelled")}</span>
      <a href="#disruption" className="font-semibold text-signal-300 underline underline-offset-2 hover:text-white">
        {t("disruption.hero.link")}
      </a>
    </p>
  );
}

/** After the choice: what happened, and (after a move) that the new date's normal rules apply. */
function Answered({ d }: { d: NonNullable<ManageView["disruption"]> }) {
  const { t, locale } = useI18n();
  const when = d.movedTo ? formatDateRange(d.movedTo.startDate, d.movedTo.endDate, locale) : "";
  const params = { date: when, deadline: formatDate(d.resolveAt, locale), announced: formatDate(d.announcedAt, locale) };
  const key: MessageKey =
    d.choice === "moved"
      ? d.automatic
        ? "disruption.answered.movedAuto"
        : "disruption.answered.moved"
      : d.choice === "refunded"
        ? d.automatic
          ? "disruption.answered.refundedAuto"
          : "disruption.answered.refunded"
        : "disruption.answered.closed";
  return (
    <div className="grid gap-2">
      <p className="font-medium text-navy-900" data-testid="manage-disruption-answer">
        {t(key, params)}
      </p>
      {d.choice === "moved" && <p className="text-sm text-slate-700">{t("disruption.answered.normalRules")}</p>}
    </div>
  );
}

/**
 * The team cancelled or moved the date (`#disruption`): their message, and while the choice is
 * open, moving to one of the dates the one move rule allows (the new date first) or cancelling
 * with a refund; after it, what was chosen (or decided after 7 days), in a quieter card.
 */
export function DisruptionCard({ disruption: d }: { disruption: NonNullable<ManageView["disruption"]> }) {
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && String(navigation.formData?.get("intent") ?? "").startsWith("disruption-");
  const pending = d.choice === "pending";
  const oldDate = formatDateRange(d.from.startDate, d.from.endDate, locale);
  const title = pending
    ? t(d.kind === "moved" ? "disruption.title.moved" : "disruption.title.cancelled")
    : t(d.kind === "moved" ? "disruption.titleAnswered.moved" : "disruption.titleAnswered.cancelled", { date: oldDate });
  return (
    <section
      id="disruption"
      aria-labelledby="disruption-title"
      className={cn("scroll-mt-24 rounded-xl bg-white p-5 shadow-sm sm:p-6", pending ? "border-2 border-red-300" : "border")}
      data-testid="manage-disruption"
      data-choice={d.choice}
    >
      <h2 id="disruption-title" className={cn("mb-3 font-display font-semibold uppercase tracking-wide", pending ? "text-xl text-red-800" : "text-lg text-ocean-700")}>
        {title}
      </h2>
      <p className="text-navy-900">
        {d.kind === "moved" && d.newDate
          ? t("disruption.intro.moved", { date: formatDateRange(d.newDate.startDate, d.newDate.endDate, locale) })
          : t("disruption.intro.cancelled")}
      </p>
      <blockquote className="my-3 whitespace-pre-line border-l-4 border-signal-700 bg-foam-100 px-4 py-3 text-navy-900" data-testid="manage-disruption-message">
        {d.message}
      </blockquote>
      {pending ? <Choice d={d} busy={busy} /> : <Answered d={d} />}
    </section>
  );
}

/** The open choice: move (to a date the rule allows, at the agreed price) or cancel with everything back. */
function Choice({ d, busy }: { d: NonNullable<ManageView["disruption"]>; busy: boolean }) {
  const { t, locale } = useI18n();
  return (
    <div className="grid gap-5">
      <p className="text-sm text-slate-700">{d.refundCents > 0 ? t("disruption.choose", { amount: formatAmount(d.refundCents, locale) }) : t("disruption.chooseFree")}</p>
      <p className="text-sm font-medium text-navy-900" data-testid="manage-disruption-deadline">
        {t(d.fallback === "move" ? "disruption.deadline.move" : "disruption.deadline.refund", { date: formatDate(d.resolveAt, locale) })}
      </p>
      {d.dates.length > 0 ? (
        <Form method="post" className="grid gap-3" aria-busy={busy || undefined}>
          <fieldset className="grid gap-2" aria-describedby={d.priceCents > 0 ? "disruption-price" : undefined}>
            <legend className="mb-2 text-sm font-semibold uppercase tracking-wide text-navy-900">{t("disruption.move.legend")}</legend>
            {d.priceCents > 0 && (
              <p id="disruption-price" className="mb-1 text-sm text-slate-700" data-testid="manage-disruption-price">
                {t("disruption.move.price", { price: formatAmount(d.priceCents, locale) })}
              </p>
            )}
            {d.dates.map((x, i) => {
              const when = formatDateRange(x.startDate, x.endDate, locale);
              return (
                <label key={x.id} className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm text-navy-900 hover:bg-foam-100" data-testid="manage-disruption-date">
                  <input
                    type="radio"
                    name="toEventId"
                    value={x.id}
                    defaultChecked={i === 0}
                    required
                    className="mt-0.5 size-4 accent-ocean-700 focus-visible:ring-2 focus-visible:ring-ring"
                  />
                  <span>
                    <span className="font-semibold">{x.replacement ? t("disruption.move.newDate", { date: when }) : t("disruption.move.other", { name: x.name, date: when })}</span>
                    {x.placesLeft !== null && <span className="block text-slate-700">{t("disruption.move.placesLeft", { count: x.placesLeft })}</span>}
                  </span>
                </label>
              );
            })}
          </fieldset>
          <div>
            <Button type="submit" name="intent" value="disruption-move" disabled={busy} data-testid="manage-disruption-move">
              {t("disruption.move.submit")}
            </Button>
          </div>
        </Form>
      ) : (
        <p className="text-sm text-slate-700">{t("disruption.move.none")}</p>
      )}
      <Form method="post" className="grid gap-2 border-t pt-4" aria-busy={busy || undefined}>
        <h3 className="text-sm font-semibold uppercase tracking-wide text-navy-900">{t("disruption.refund.title")}</h3>
        <div>
          <Button type="submit" name="intent" value="disruption-refund" variant="destructive" disabled={busy} data-testid="manage-disruption-refund">
            {d.refundCents > 0 ? t("disruption.refund.submit", { amount: formatAmount(d.refundCents, locale) }) : t("disruption.refund.submitFree")}
          </Button>
        </div>
      </Form>
    </div>
  );
}

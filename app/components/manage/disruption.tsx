import "~/i18n/manage";
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
export function disruptionResult(t: Translator, result: DisruptionAnswer, teamEmail: string, locale: "nl" | "en"): { tone: "success" | "error" | "neutral"; text: string } {
  switch (result.outcome) {
    case "moved":
      return { tone: "success", text: t("disruption.result.moved") };
    case "refunded":
      return {
        tone: "success",
        text: (result.refundedCents ?? 0) > 0 ? t("disruption.result.refunded", { amount: formatAmount(result.refundedCents ?? 0, locale) }) : t("disruption.result.cancelled"),
      };
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

/**
 * The team cancelled or moved the date (`#disruption`): their message, and while the choice is
 * open, moving to the new date (or another open one) or cancelling with a refund; after it, the
 * answer given.
 */
export function DisruptionCard({ disruption: d }: { disruption: NonNullable<ManageView["disruption"]> }) {
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && String(navigation.formData?.get("intent") ?? "").startsWith("disruption-");
  const title = t(d.kind === "moved" ? "disruption.title.moved" : "disruption.title.cancelled");
  const dates = [...(d.newDate ? [d.newDate] : []), ...d.otherDates];
  const firstOpen = dates.find((x) => x.placesLeft === null || x.placesLeft > 0);
  const answered: Record<Exclude<typeof d.choice, "pending">, MessageKey> = {
    moved: d.automatic ? "disruption.answered.movedAuto" : "disruption.answered.moved",
    refunded: d.automatic ? "disruption.answered.refundedAuto" : "disruption.answered.refunded",
    closed: "disruption.answered.closed",
  };
  return (
    <section id="disruption" aria-labelledby="disruption-title" className="scroll-mt-24 rounded-xl border-2 border-red-300 bg-white p-5 shadow-sm sm:p-6" data-testid="manage-disruption">
      <h2 id="disruption-title" className="mb-3 font-display text-xl font-semibold uppercase tracking-wide text-red-800">
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
      {d.choice !== "pending" ? (
        <p className="font-medium text-navy-900" data-testid="manage-disruption-answer">
          {t(answered[d.choice])}
        </p>
      ) : (
        <div className="grid gap-5">
          <p className="text-sm text-slate-700">
            {d.refundCents > 0 ? t("disruption.choose", { amount: formatAmount(d.refundCents, locale) }) : t("disruption.chooseFree")}
          </p>
          <p className="text-sm font-medium text-navy-900">
            {t(d.newDate ? "disruption.deadline.move" : "disruption.deadline.refund", { date: formatDate(d.resolveAt, locale) })}
          </p>
          {dates.length > 0 ? (
            <Form method="post" className="grid gap-3" aria-busy={busy || undefined}>
              <fieldset className="grid gap-2">
                <legend className="mb-2 text-sm font-semibold uppercase tracking-wide text-navy-900">{t("disruption.move.legend")}</legend>
                {dates.map((x) => {
                  const full = x.placesLeft !== null && x.placesLeft <= 0;
                  const when = formatDateRange(x.startDate, x.endDate, locale);
                  return (
                    <label key={x.id} className={cn("flex items-start gap-3 rounded-lg border p-3 text-sm", full ? "text-slate-700" : "cursor-pointer text-navy-900 hover:bg-foam-100")}>
                      <input
                        type="radio"
                        name="toEventId"
                        value={x.id}
                        defaultChecked={x.id === firstOpen?.id}
                        disabled={full}
                        required
                        className="mt-0.5 size-4 accent-ocean-700 focus-visible:ring-2 focus-visible:ring-ring"
                      />
                      <span>
                        <span className="font-semibold">{x.id === d.newDate?.id ? t("disruption.move.newDate", { date: when }) : t("disruption.move.other", { name: x.name, date: when })}</span>
                        {x.placesLeft !== null && (
                          <span className="block text-slate-700">{full ? t("disruption.move.full") : t("disruption.move.placesLeft", { count: x.placesLeft })}</span>
                        )}
                      </span>
                    </label>
                  );
                })}
              </fieldset>
              <div>
                <Button type="submit" name="intent" value="disruption-move" disabled={busy || !firstOpen} data-testid="manage-disruption-move">
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
      )}
    </section>
  );
}

import "~/i18n/manage";
import { useI18n, type Translator } from "~/i18n";
import { formatDate } from "~/lib/dates";
import { teamDayEnd } from "~/lib/local-time";
import { formatAmount } from "~/lib/money-format";
import type { ManageActionData } from "~/schemas/manage";
import { disruptionResult } from "./disruption";
import { Notice } from "./notice";

/** What the page's last form did, in the visitor's language; focus moves to it. */
export function ActionResult({ result, teamEmail }: { result: ManageActionData; teamEmail: string }) {
  const { t, locale } = useI18n();
  const message: { tone: "success" | "error" | "neutral"; text: string } = (() => {
    if (result.intent === "disruption-move" || result.intent === "disruption-refund") return disruptionResult(t, result, teamEmail);
    if (result.intent === "place-cancel" || result.intent === "place-replace" || result.intent === "place-resend") return placeResult(t, result, teamEmail, locale);
    switch (result.outcome) {
      case "updated":
        return { tone: "success", text: t("manage.result.updated") };
      case "unchanged":
        return { tone: "neutral", text: t("manage.result.unchanged") };
      case "invalid":
        return { tone: "error", text: t("manage.result.invalid") };
      case "event_started":
        return { tone: "error", text: t("manage.result.eventStarted") };
      case "not_changeable":
        return { tone: "error", text: t("manage.result.notChangeable") };
      case "nothing_due":
        return { tone: "neutral", text: t("manage.result.nothingDue") };
      case "not_confirmed":
        return { tone: "error", text: t("manage.result.notConfirmed") };
      case "provider_error":
        return { tone: "error", text: t(result.intent === "pay-approved" ? "manage.application.payFailed" : "manage.result.providerError") };
      case "not_payable":
        return { tone: "error", text: t("manage.application.notPayable") };
      case "cancelled":
        // What is refunded, and whether it has arrived, is said once: in the cancelled notice below.
        return { tone: "success", text: t("manage.result.cancelled") };
      case "already_cancelled":
        return { tone: "neutral", text: t("manage.result.alreadyCancelled") };
      case "not_cancellable":
        return { tone: "error", text: t("manage.result.notCancellable", { email: teamEmail }) };
      case "failed":
        return { tone: "error", text: t("manage.result.cancelFailed", { email: teamEmail }) };
      case "too_many":
        return { tone: "error", text: t("manage.result.tooMany") };
      case "unavailable":
        return { tone: "error", text: t("manage.result.unavailable") };
      default:
        return { tone: "error", text: t("manage.result.badRequest") };
    }
  })();
  return (
    <Notice tone={message.tone} focus>
      {message.text}
    </Notice>
  );
}

type PlaceResult = Extract<ManageActionData, { intent: "place-cancel" | "place-replace" | "place-resend" }>;

/** What a change of one place did (the booker's participants section). */
function placeResult(t: Translator, result: PlaceResult, teamEmail: string, locale: "nl" | "en"): { tone: "success" | "error" | "neutral"; text: string } {
  switch (result.outcome) {
    case "cancelled":
      if (result.intent !== "place-cancel") break;
      return result.refundedCents > 0
        ? { tone: "success", text: t("manage.result.placeCancelledRefund", { number: result.number, amount: formatAmount(result.refundedCents, locale) }) }
        : { tone: "success", text: t("manage.result.placeCancelled", { number: result.number }) };
    case "already_cancelled":
      return { tone: "neutral", text: t("manage.result.placeAlreadyCancelled") };
    case "last_place":
      return { tone: "error", text: t("manage.result.lastPlace") };
    case "not_found":
      return { tone: "error", text: t("manage.result.placeNotFound") };
    case "not_cancellable":
    case "not_changeable":
      return { tone: "error", text: t("manage.result.placeNotChangeable", { email: teamEmail }) };
    case "replaced":
      return { tone: "success", text: t("manage.result.replaced") };
    case "invalid":
      return { tone: "error", text: t("manage.result.replaceInvalid") };
    case "deadline_passed":
      if (!("lastDay" in result)) break;
      return { tone: "error", text: t("manage.result.deadlinePassed", { date: formatDate(teamDayEnd(result.lastDay), locale) }) };
    case "duplicate_email":
      return { tone: "error", text: t("manage.result.duplicateEmail") };
    case "sent":
      return { tone: "success", text: t("manage.result.resent") };
    case "too_soon":
      if (!("retryAfterSeconds" in result)) break;
      return { tone: "neutral", text: t("manage.result.tooSoon", { minutes: Math.max(1, Math.ceil(result.retryAfterSeconds / 60)) }) };
    case "no_email":
      return { tone: "error", text: t("manage.result.noEmail") };
    case "failed":
      return { tone: "error", text: t("manage.result.unavailable") };
  }
  return { tone: "error", text: t("manage.result.badRequest") };
}

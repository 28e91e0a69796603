import "~/i18n/manage";
import { useI18n } from "~/i18n";
import type { ManageActionData } from "~/schemas/manage";
import { disruptionResult } from "./disruption";
import { Notice } from "./notice";

/** What the page's last form did, in the visitor's language; focus moves to it. */
export function ActionResult({ result, teamEmail }: { result: ManageActionData; teamEmail: string }) {
  const { t } = useI18n();
  const message: { tone: "success" | "error" | "neutral"; text: string } = (() => {
    if (result.intent === "disruption-move" || result.intent === "disruption-refund") return disruptionResult(t, result, teamEmail);
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
        return { tone: "error", text: t("manage.result.providerError") };
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

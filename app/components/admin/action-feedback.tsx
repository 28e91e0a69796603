import { CircleAlert, CircleCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "~/components/toaster";
import { useI18n } from "~/i18n";
import type { Feedback } from "~/schemas/feedback";
import { cn } from "~/lib/utils";

/**
 * Shows an action's feedback: as a toast once the page runs JavaScript (errors destructive), and
 * before that as an alert in the page, so a form submitted without JavaScript still says why.
 */
export function ActionFeedback({ feedback }: { feedback: Feedback | undefined }) {
  const { t } = useI18n();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // One toast per answer: `t` changes identity on every render, the answer does not.
  const shown = useRef<Feedback | undefined>(undefined);
  useEffect(() => {
    if (!feedback || shown.current === feedback) return;
    shown.current = feedback;
    const title = t(feedback.title, feedback.params);
    const description = feedback.message ? t(feedback.message, feedback.params) : undefined;
    if (feedback.kind === "error") toast.error(title, { description });
    else toast.success(title, { description });
  }, [feedback, t]);

  if (!feedback || hydrated) return null;
  const Icon = feedback.kind === "error" ? CircleAlert : CircleCheck;
  return (
    <div
      role={feedback.kind === "error" ? "alert" : "status"}
      className={cn(
        "flex items-start gap-3 rounded-lg border p-4 text-sm",
        feedback.kind === "error" ? "border-destructive/40 bg-destructive/5 text-destructive" : "border-emerald-300 bg-emerald-50 text-emerald-900",
      )}
    >
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{t(feedback.title, feedback.params)}</p>
        {feedback.message && <p>{t(feedback.message, feedback.params)}</p>}
      </div>
    </div>
  );
}

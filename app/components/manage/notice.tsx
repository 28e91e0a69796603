import { CircleAlert, CircleCheck, Clock } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { cn } from "~/lib/utils";

export type NoticeTone = "success" | "error" | "pending" | "neutral";

/** A line of news on the participant's page: a form's result (`focus`), or the booking's state. */
export function Notice({ tone, children, focus = false }: { tone: NoticeTone; children: ReactNode; focus?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A form's result: move focus to it, so keyboard and screen-reader users hear what happened.
    if (focus) ref.current?.focus();
  }, [focus, children]);
  const style = {
    success: "border-emerald-300 bg-emerald-50 text-emerald-900",
    error: "border-destructive/40 bg-red-50 text-destructive",
    pending: "border-amber-300 bg-amber-50 text-amber-950",
    neutral: "border-ocean-700/20 bg-white text-navy-900",
  }[tone];
  const Icon = tone === "success" ? CircleCheck : tone === "error" ? CircleAlert : Clock;
  return (
    <div
      ref={ref}
      tabIndex={focus ? -1 : undefined}
      role={tone === "error" ? "alert" : "status"}
      className={cn("flex gap-3 rounded-lg border p-4 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring", style)}
      data-testid={focus ? "manage-result" : undefined}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div>{children}</div>
    </div>
  );
}

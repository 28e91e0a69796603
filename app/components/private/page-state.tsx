import { CircleAlert, LoaderCircle, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/** The page's loading state: a spinner and the spec's loading text, announced politely. */
export function LoadingState({ text, className }: { text: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn("flex flex-col items-center justify-center gap-4 py-24 text-center text-ocean-700", className)}>
      <LoaderCircle className="size-10 animate-spin text-signal-500" aria-hidden />
      <p className="text-lg font-medium">{text}</p>
    </div>
  );
}

/** Not found, empty or failed: a clear message, and what the visitor can do next. */
export function MessageState({
  title,
  text,
  tone = "empty",
  children,
}: {
  title: string;
  text?: ReactNode;
  tone?: "empty" | "error";
  children?: ReactNode;
}) {
  const Icon = tone === "error" ? CircleAlert : SearchX;
  return (
    <div role={tone === "error" ? "alert" : undefined} className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-xl border bg-white px-6 py-14 text-center shadow-sm">
      <span className={cn("inline-flex size-14 items-center justify-center rounded-full", tone === "error" ? "bg-destructive/10 text-destructive" : "bg-foam-100 text-ocean-700")}>
        <Icon className="size-7" aria-hidden />
      </span>
      <h2 className="text-3xl font-bold uppercase text-navy-900">{title}</h2>
      {text && <p className="text-base text-muted-foreground">{text}</p>}
      {children}
    </div>
  );
}

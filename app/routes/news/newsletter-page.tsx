import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "~/lib/utils";

/** The frame of the confirm and unsubscribe pages: one clear message on the team's colours. */
export function NewsletterPage({
  icon: Icon,
  tone,
  title,
  children,
}: {
  icon: LucideIcon;
  tone: "positive" | "neutral" | "warning";
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="flex min-h-[80vh] items-center bg-gradient-to-br from-navy-950 via-navy-900 to-ocean-700 px-4 pb-16 pt-28 sm:pt-32">
      <div className="mx-auto w-full max-w-xl rounded-lg bg-white p-8 shadow-2xl sm:p-10">
        <span
          className={cn(
            "mb-6 inline-flex size-14 items-center justify-center rounded-full",
            tone === "positive" && "bg-emerald-50 text-emerald-700",
            tone === "neutral" && "bg-foam-100 text-ocean-700",
            tone === "warning" && "bg-amber-50 text-amber-700",
          )}
        >
          <Icon className="size-7" aria-hidden />
        </span>
        <h1 className="text-4xl font-bold uppercase leading-none text-navy-900">{title}</h1>
        <div className="mt-5 space-y-5 text-lg text-slate-600">{children}</div>
      </div>
    </section>
  );
}

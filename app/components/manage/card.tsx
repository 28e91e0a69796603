import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/** One section of the participant's page: a white card with its heading, reachable as `#<id>`. */
export function Card({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn("scroll-mt-24 rounded-xl border bg-white p-5 shadow-sm sm:p-6", className)}>
      <h2 id={`${id}-title`} className="mb-4 border-b pb-2 font-display text-lg font-semibold uppercase tracking-wide text-ocean-700">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A label and its value in a card's `<dl>`. */
export function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5">
      <dt className="text-slate-700">{label}</dt>
      <dd className="text-right font-semibold text-navy-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

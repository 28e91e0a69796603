import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import { useI18n } from "~/i18n";
import { cn } from "~/lib/utils";

/**
 * The frame of an admin page inside the gate: a navy title band (room for the fixed logout
 * button at the top right), an optional back link to /admin, and the content.
 */
export function AdminPage({
  title,
  intro,
  backTo: backToAsked = "/admin",
  actions,
  children,
  className,
}: {
  title: string;
  intro?: ReactNode;
  /** Where the back link goes; null for the admin home itself. */
  backTo?: string | null;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useI18n();
  const backTo = useHomeFor(backToAsked);
  return (
    <>
      <header className="bg-navy-900 pb-10 pt-20 text-white print:bg-white print:pb-2 print:pt-0 print:text-black">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          {backTo && (
            <Link
              to={backTo}
              className="mb-4 inline-flex items-center gap-1.5 text-sm font-semibold text-foam-200 hover:text-white print:hidden"
            >
              <ArrowLeft aria-hidden className="size-4" />
              {t("admin.back")}
            </Link>
          )}
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              {/* The kicker would only repeat a title that is "Admin" itself. */}
              {title.trim().toLowerCase() !== "admin" && (
                <p className="text-sm font-semibold uppercase tracking-widest text-signal-500 print:hidden">Admin</p>
              )}
              <h1 className="mt-1 text-4xl font-bold uppercase leading-none sm:text-5xl">{title}</h1>
              {intro && <div className="mt-3 max-w-3xl text-foam-200 print:text-black">{intro}</div>}
            </div>
            {actions && <div className="flex flex-wrap gap-2 print:hidden">{actions}</div>}
          </div>
        </div>
      </header>
      <main id="main" className={cn("mx-auto flex max-w-7xl flex-col gap-8 px-4 py-10 sm:px-6 lg:px-8", className)}>
        {children}
      </main>
    </>
  );
}

/**
 * A back link to /admin goes to the role's own home instead (an editor's is the articles,
 * decision 044), and none on that home itself. The gate's loader says which it is.
 */
function useHomeFor(backTo: string | null): string | null {
  const gate = useRouteLoaderData("routes/admin/gate") as { access?: { home: string } | null } | undefined;
  const { pathname } = useLocation();
  const home = gate?.access?.home ?? "/admin";
  if (backTo !== "/admin" || home === "/admin") return backTo;
  return pathname === home ? null : home;
}

/** A white panel with a heading: one section of an admin page. */
export function AdminSection({ title, id, children, actions }: { title: string; id: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-5 py-4">
        <h2 id={id} className="text-2xl font-bold uppercase text-navy-900">
          {title}
        </h2>
        {actions}
      </div>
      <div className="p-5">{children}</div>
    </section>
  );
}

/** A column heading: its text, right-aligned for amounts, or read only by screen readers. */
export type AdminColumn = string | { label: string; align?: "right"; hidden?: boolean };

/**
 * An admin list: a horizontally scrollable table (wide tables stay usable on a phone) with its
 * caption and column headings, or `emptyText` when `count` is 0. `children` are the body's rows.
 */
export function AdminTable({
  caption,
  columns,
  count,
  emptyText,
  children,
}: {
  caption: string;
  columns: AdminColumn[];
  count: number;
  emptyText: string;
  children: ReactNode;
}) {
  if (count === 0) return <p className="text-slate-600">{emptyText}</p>;
  return (
    // `relative` makes the scroll area the containing block of the screen-reader-only texts
    // (absolutely positioned), so they stay inside it instead of widening the page on a phone.
    // Focusable with a name, so keyboard users can scroll a table wider than the screen.
    <div
      className="relative -mx-5 overflow-x-auto px-5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      tabIndex={0}
      role="group"
      aria-label={caption}
    >
      <table className="w-full min-w-[640px] border-collapse text-left text-sm [&_td]:border-t [&_td]:border-slate-100 [&_td]:px-3 [&_td]:py-2.5 [&_td]:align-top [&_th]:px-3 [&_th]:py-2 [&_th]:text-xs [&_th]:font-semibold [&_th]:uppercase [&_th]:tracking-wide [&_th]:text-slate-500">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => {
              const { label, align, hidden } = typeof column === "string" ? { label: column, align: undefined, hidden: false } : column;
              return (
                <th key={index} scope="col" className={align === "right" ? "text-right" : undefined}>
                  {hidden ? <span className="sr-only">{label}</span> : label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

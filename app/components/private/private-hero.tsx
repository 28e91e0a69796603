import type { ReactNode } from "react";
import { DemoPicture } from "~/components/picture";

/**
 * The dark band at the top of a private or special event page, over one of the demo pictures.
 * Its top padding clears the fixed site header.
 */
export function PrivateHero({
  kicker,
  title,
  subtitle,
  picture = "atlantic",
  children,
}: {
  kicker: ReactNode;
  title: string;
  subtitle?: ReactNode;
  picture?: string;
  children?: ReactNode;
}) {
  return (
    <header className="relative isolate overflow-hidden bg-navy-900 pb-14 pt-28 text-white sm:pb-20 sm:pt-36">
      <DemoPicture name={picture} alt="" priority className="absolute inset-0 -z-20 size-full object-cover opacity-70" />
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-navy-950/95 via-navy-900/80 to-navy-900/30" />
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="text-sm font-semibold uppercase tracking-widest text-signal-500">{kicker}</div>
        <h1 className="mt-3 max-w-4xl text-4xl font-bold uppercase leading-none sm:text-6xl">{title}</h1>
        {subtitle && <p className="mt-5 max-w-2xl text-lg text-foam-200 sm:text-xl">{subtitle}</p>}
        {children}
      </div>
    </header>
  );
}

/** The light section below the hero that holds the page's content. */
export function PrivateBody({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <section className={`bg-foam-100 py-12 sm:py-16 ${className}`}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">{children}</div>
    </section>
  );
}

import type { ReactNode } from "react";
import { DemoPicture } from "~/components/picture";

/**
 * The dark band at the top of a content page. Its top padding clears the fixed site header,
 * which is transparent only on the home page.
 */
export function PageHeader({
  kicker,
  title,
  lead,
  picture,
  children,
}: {
  kicker: string;
  title: string;
  lead?: ReactNode;
  /** A demo picture shown faintly behind the text. */
  picture?: string;
  children?: ReactNode;
}) {
  return (
    <header className="relative isolate overflow-hidden bg-navy-900 pb-14 pt-28 text-white sm:pb-16 sm:pt-32">
      {picture && (
        <>
          <DemoPicture name={picture} alt="" priority className="absolute inset-0 -z-20 size-full object-cover opacity-60" />
          <div className="absolute inset-0 -z-10 bg-gradient-to-r from-navy-950/95 via-navy-900/85 to-navy-900/40" />
        </>
      )}
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <p className="text-sm font-semibold uppercase tracking-widest text-signal-500">{kicker}</p>
        <h1 className="mt-2 max-w-3xl text-4xl font-bold uppercase leading-none sm:text-6xl">{title}</h1>
        {lead && <div className="mt-5 max-w-2xl text-lg text-foam-200">{lead}</div>}
        {children}
      </div>
    </header>
  );
}

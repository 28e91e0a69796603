import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { SiteError } from "~/components/site-error";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import type { Route } from "./+types/site-layout";

function SiteFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main id="main">{children}</main>
      <SiteFooter />
    </>
  );
}

export default function SiteLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

/**
 * A 404 or an error inside the site (an unknown event's /events/<slug>/register, a loader that
 * fails) keeps the header, the footer and the visitor's language: the spec's 'Oops! Page not
 * found' with a link home, or a short apology. The status stays the error's own.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteFrame>
      <SiteError error={error} title />
    </SiteFrame>
  );
}

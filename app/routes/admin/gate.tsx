import "~/i18n/admin";
import { data, isRouteErrorResponse, Outlet, redirect, useLoaderData, useNavigation, useRouteLoaderData } from "react-router";
import {
  AdminAccessDenied,
  AdminGateScreen,
  GateCard,
  AdminLoadingIndicator,
  AdminLoginCard,
  AdminLogoutButton,
} from "~/components/admin/admin-gate-views";
import { translate, useI18n } from "~/i18n";
import { getAdminState, type AdminState } from "@server/auth/guard.server";
import { rolePermissions, staffHome } from "@server/auth/roles.server";
import { safeAdminRedirect } from "@server/auth/login.server";
import type { Route } from "./+types/gate";

/**
 * The admin gate: every admin page is its child. This is the UI; each child's loader and
 * action enforce the rule on the server with `requireStaff` (the permission of its part, decision
 * 044), whose 401/403 lands in this route's error boundary, which shows the login form,
 * 'Toegang Geweigerd', or, to a staff member whose role does not hold the page, that it is not
 * theirs. Any staff role passes the gate; `access` tells the pages what the role may use, so
 * the navigation shows only that.
 */
export const handle = { locale: "nl" };

export async function loader({ request, url }: Route.LoaderArgs) {
  const { state, headers } = await getAdminState(request);
  // Never cached: the answer depends on the session and may show personal data.
  headers.set("Cache-Control", "no-store");
  // Staff without a second factor reach only its set-up (decision 017); the child's
  // `requireStaff` refuses them with 403 as well.
  if (state.status === "setup-required") {
    // `url`, not request.url: a client navigation's request is a data request (`….data?_routes=…`).
    const back = safeAdminRedirect(`${url.pathname}${url.search}`);
    throw redirect(`/admin/2fa/setup?${new URLSearchParams({ redirectTo: back }).toString()}`, { headers });
  }
  // What the role may use (the navigation) and where /admin sends it. The server checks again on every page.
  const role = state.status === "admin" ? state.user.staffRole : null;
  const access = role ? { role, permissions: rolePermissions(role), home: staffHome(role) } : null;
  return data({ state, access }, { headers });
}

// Ask the server on every navigation, so a session that ended shows the login form at once.
export function shouldRevalidate() {
  return true;
}

export function meta() {
  return [
    { title: translate("nl", "admin.gate.metaTitle") },
    { name: "description", content: translate("nl", "admin.gate.metaDescription") },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? "no-store" };
}

/** The login form or the refusal card for a state that is not "admin"; null for admins. */
function GateScreen({ state }: { state: AdminState }) {
  return (
    <AdminGateScreen>
      {state.status === "forbidden" ? (
        <AdminAccessDenied email={state.user.email} />
      ) : state.status === "setup-required" ? (
        <TwoFactorSetupRequired />
      ) : (
        <AdminLoginCard />
      )}
    </AdminGateScreen>
  );
}

export default function AdminGate() {
  const { state } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  if (state.status !== "admin") return <GateScreen state={state} />;
  return (
    <div className="min-h-screen bg-foam-100/60 print:bg-white">
      <AdminLogoutButton />
      {navigation.state === "loading" && <AdminLoadingIndicator />}
      <Outlet />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const gate = useRouteLoaderData<typeof loader>("routes/admin/gate");
  const { t } = useI18n();
  if (isRouteErrorResponse(error) && (error.status === 401 || error.status === 403)) {
    // The child refused; the gate knows why (signed out, or signed in without admin rights).
    const state: AdminState = gate?.state ?? { status: "signed-out" };
    if (state.status !== "admin") return <GateScreen state={state} />;
    if (error.status === 403) return <NotForYourRole home={gate?.access?.home ?? "/admin"} />;
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="min-h-screen bg-foam-100/60">
      {gate?.state.status === "admin" && <AdminLogoutButton />}
      <main id="main" className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-24">
        <h1 className="text-4xl font-bold uppercase text-navy-900">{notFound ? "404" : t("admin.gate.errorTitle")}</h1>
        <p className="text-slate-700">{t(notFound ? "notFound.text" : "admin.gate.errorText")}</p>
        <a href="/admin" className="font-semibold text-ocean-600 underline underline-offset-2 hover:text-ocean-700">
          {t("admin.back")}
        </a>
      </main>
    </div>
  );
}

/** Only for an answer that got past the loader's redirect: the way to the set-up. */
function TwoFactorSetupRequired() {
  const { t } = useI18n();
  return (
    <GateCard labelledBy="setup-required-title">
      <h1 id="setup-required-title" className="text-center text-2xl font-bold uppercase">
        {t("admin.twoFactor.setupRequiredTitle")}
      </h1>
      <p className="mt-2 text-center text-slate-700">{t("admin.twoFactor.setupRequiredText")}</p>
      <p className="mt-4 text-center">
        <a href="/admin/2fa/setup" className="font-semibold text-ocean-700 underline underline-offset-2">
          {t("admin.twoFactor.setupLink")}
        </a>
      </p>
    </GateCard>
  );
}

/** A staff member whose role does not hold this page (decision 044): say so, and the way back. */
function NotForYourRole({ home }: { home: string }) {
  const { t } = useI18n();
  return (
    <div className="min-h-screen bg-foam-100/60">
      <AdminLogoutButton />
      <main id="main" className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-24">
        <h1 className="text-4xl font-bold uppercase text-navy-900">{t("admin.roles.forbiddenTitle")}</h1>
        <p className="text-slate-700">{t("admin.roles.forbiddenText")}</p>
        <a href={home} className="font-semibold text-ocean-600 underline underline-offset-2 hover:text-ocean-700">
          {t("admin.back")}
        </a>
      </main>
    </div>
  );
}

import { Euro, MapPin, Users } from "lucide-react";
import type { ReactNode } from "react";
import type { HeadersArgs } from "react-router";
import { Deferred, type MaybePending } from "~/components/private/deferred";
import type { Fact } from "~/components/private/event-details";
import { EventPrice } from "~/components/private/event-price";
import { LockedPanel } from "~/components/private/locked-panel";
import { LoadingState } from "~/components/private/page-state";
import { PrivateBody, PrivateHero } from "~/components/private/private-hero";
import { useI18n, type Locale, type MessageKey } from "~/i18n";
import type { EventView } from "~/lib/events";
import { pageMeta } from "~/lib/seo";
import { picturePreload } from "~/components/picture";
import type { AccessCodeActionData } from "~/schemas/access-code";
import type { PrivatePageKey } from "@server/access/pages.server";
import "~/i18n/private";

/**
 * The skeleton every password-protected page shares (/arc-registration, /vwdtp, /scheveningen,
 * /zomeravondzeilen): its loader is `privatePageLoader` (`./private-page.server`), its action
 * `accessCodeAction` (`./access.server`), and these exports and `<PrivatePage>` do the rest.
 * A page keeps only its texts and what it shows once unlocked.
 */

/**
 * Per page: its language (the spec forces one, whatever the visitor's choice), its heading,
 * picture and texts (loading, locked, a wrong code), and its meta (never indexed).
 */
export const PRIVATE_PAGE_ROUTES = {
  "arc-registration": {
    locale: "en",
    heading: "private.arcRegistration.title",
    picture: "atlantic",
    loading: "private.arcRegistration.loading",
    locked: "private.arcRegistration.locked.text",
    wrongCode: "private.arcRegistration.wrongCode",
    title: "private.arcRegistration.title",
    description: "private.arcRegistration.meta.description",
  },
  vwdtp: {
    locale: "nl",
    heading: "private.vwdtp.title",
    picture: "corporate",
    loading: "private.vwdtp.loading",
    locked: "private.vwdtp.locked.text",
    wrongCode: "private.vwdtp.wrongCode",
    title: "private.vwdtp.meta.title",
    description: "private.vwdtp.meta.description",
  },
  scheveningen: {
    locale: "nl",
    heading: "private.scheveningen.title",
    picture: "north-sea",
    loading: "private.scheveningen.loading",
    locked: "private.scheveningen.locked.text",
    wrongCode: "private.scheveningen.wrongCode",
    title: "private.scheveningen.title",
    description: "private.scheveningen.meta.description",
  },
  zomeravondzeilen: {
    locale: "nl",
    heading: "private.zomer.title",
    picture: "evening",
    loading: "private.zomer.loading",
    locked: "private.zomer.locked.text",
    wrongCode: "private.zomer.wrongCode",
    title: "private.zomer.meta.title",
    description: "private.zomer.meta.description",
  },
} as const satisfies Record<PrivatePageKey, Record<"heading" | "loading" | "locked" | "wrongCode" | "title" | "description", MessageKey> & { locale: Locale; picture: string }>;

/** The page's meta: its title and description in its language, its picture, noindex. */
export function privatePageMeta(pageKey: PrivatePageKey, publicUrl: string) {
  const { locale, title, description, picture } = PRIVATE_PAGE_ROUTES[pageKey];
  // Not indexed: the canonical is the plain address whatever the request's.
  return pageMeta({
    title,
    description,
    path: `/${pageKey}`,
    publicUrl,
    locale,
    languageAddress: false,
    image: `/images/${picture}-1280.webp`,
    noIndex: true,
    // The hero's picture is the page's largest, locked or not.
    largestPicture: picturePreload(picture),
  });
}

/**
 * Document headers of the private pages: the loader's and the action's (Cache-Control,
 * Retry-After on a 429). React Router adds their cookies itself.
 */
export function headers({ parentHeaders, loaderHeaders, actionHeaders }: HeadersArgs): Headers {
  const headers = new Headers(parentHeaders);
  for (const source of [loaderHeaders, actionHeaders]) {
    source.forEach((value, name) => {
      if (name.toLowerCase() !== "set-cookie") headers.set(name, value);
    });
  }
  return headers;
}

/** After a refused code the page's data has not changed: keep the form (and its error) as it is. */
export function shouldRevalidate({
  actionStatus,
  actionResult,
  defaultShouldRevalidate,
}: {
  actionStatus?: number;
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}): boolean {
  if (actionStatus !== undefined && actionStatus >= 400) return false;
  // A wrong code answers 200 with the form's reply (an expected answer, not an error): the page
  // is still locked, so there is nothing to reload either.
  if (actionResult && typeof actionResult === "object" && "result" in actionResult) return false;
  return defaultShouldRevalidate;
}

/**
 * The pages render fully on the server. On a client-side navigation their clientLoader hands
 * over `{ pending }` at once, so the page shows its loading state while the server answers.
 */
export function deferToServer<T>({ serverLoader }: { serverLoader: () => Promise<T> }): { pending: Promise<T> } {
  return { pending: serverLoader() };
}

/** Which phase the page is in: loading, locked, or open (loaded, empty or failed). */
export type PrivatePagePhase = "loading" | "locked" | "open";

/**
 * The page's hero (its heading over its picture) and below it: the loading text, the locked
 * panel (why, and the password form) or, once open, what `children` render for the loader's
 * state. The hero's kicker is the lock's badge unless the page gives its own per phase; its
 * subtitle shows once the page is open.
 */
export function PrivatePage<Page extends { state: string }>({
  page: pageKey,
  data,
  actionData,
  kicker,
  subtitle,
  showToggle = false,
  children,
}: {
  page: PrivatePageKey;
  data: MaybePending<Page>;
  actionData: AccessCodeActionData | undefined;
  kicker?: (phase: PrivatePagePhase) => ReactNode;
  subtitle?: string;
  /** The password field's show/hide toggle. */
  showToggle?: boolean;
  children: (page: Exclude<Page, { state: "locked" }>) => ReactNode;
}) {
  const { t } = useI18n();
  const texts = PRIVATE_PAGE_ROUTES[pageKey];
  const hero = (phase: PrivatePagePhase) => (
    <PrivateHero
      kicker={kicker ? kicker(phase) : t("private.locked.badge")}
      title={t(texts.heading)}
      subtitle={phase === "open" ? subtitle : undefined}
      picture={texts.picture}
    />
  );
  return (
    <Deferred
      data={data}
      fallback={
        <>
          {hero("loading")}
          <PrivateBody>
            <LoadingState text={t(texts.loading)} />
          </PrivateBody>
        </>
      }
    >
      {(page) =>
        page.state === "locked" ? (
          <>
            {hero("locked")}
            <PrivateBody>
              <LockedPanel text={t(texts.locked)} actionData={actionData} showToggle={showToggle} />
            </PrivateBody>
          </>
        ) : (
          <>
            {hero("open")}
            <PrivateBody>{children(page as Exclude<Page, { state: "locked" }>)}</PrivateBody>
          </>
        )
      }
    </Deferred>
  );
}

/** The facts the pages' event cards share: where, the price now, and how many may join when capped. */
export function placeAndPriceFacts(
  event: EventView,
  at: string,
  t: ReturnType<typeof useI18n>["t"],
  maxParticipants: "private.arcRegistration.maxParticipants" | "private.scheveningen.maxParticipants",
): Fact[] {
  return [
    { icon: MapPin, label: t("private.location"), value: event.location },
    { icon: Euro, label: t("private.price"), value: <EventPrice event={event} at={at} /> },
    ...(event.maxParticipants !== null
      ? [{ icon: Users, label: t("private.participants"), value: t(maxParticipants, { count: event.maxParticipants }) }]
      : []),
  ];
}

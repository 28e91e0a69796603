import { data } from "react-router";
import type { Locale } from "~/i18n";
import { amountDue } from "~/lib/booking";
import type { EventView } from "~/lib/events";
import type { PrivatePageKey } from "@server/access/pages.server";
import { isUnlocked } from "@server/access/unlock.server";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import { eventBySlug, eventsOnPrivatePage, placesTakenByEvent } from "@server/events/queries.server";
import type { Event } from "@server/db/schema.server";
import { toEventView } from "@server/events/view.server";
import { eventsAskingOnForm } from "@server/crew/answers.server";
import { log } from "@server/log.server";
import { PRIVATE_PAGE_ROUTES } from "./private-page";

/** Pages that are never cached by browsers or proxies: they depend on the unlock cookie. */
export const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;

/** Events in the page's language with the places taken now, and the server's clock. */
async function eventViews(rows: Event[], locale: Locale): Promise<{ events: EventView[]; now: string; at: Date }> {
  const at = now();
  const [taken, asking] = await Promise.all([placesTakenByEvent(db(), rows.map((e) => e.id), at), eventsAskingOnForm(db(), rows)]);
  return { events: rows.map((e) => toEventView(e, locale, at, taken.get(e.id) ?? 0, { asksOnForm: asking.has(e.id) })), now: at.toISOString(), at };
}

/** What a private page's loader answers: locked, loaded, or the page's own empty/error state. */
export type PrivatePageData<Loaded extends object, Missing extends string, Failed extends string> =
  | { state: "locked" }
  | { state: Missing }
  | { state: Failed }
  | ({ state: "loaded" } & Loaded);

/**
 * The loader of every password-protected page. Until this browser holds a valid unlock the
 * answer is only `{ state: "locked" }`: nothing about the events leaves the server. Unlocked,
 * `show` picks what the page shows from its events (by start date, in the page's language);
 * nothing to show is the page's `missing` state (404), a database failure is logged and
 * answers its `failed` state (500). Never cached.
 */
export async function privatePageLoader<Loaded extends object, Missing extends string, Failed extends string>(
  request: Request,
  pageKey: PrivatePageKey,
  states: { missing: Missing; failed: Failed; show: (events: EventView[], now: string) => Loaded | undefined },
) {
  const answer = (body: PrivatePageData<Loaded, Missing, Failed>, status = 200) => data(body, { status, headers: PRIVATE_HEADERS });
  try {
    if (!(await isUnlocked(request, pageKey))) return answer({ state: "locked" });
    const page = await eventViews(await eventsOnPrivatePage(db(), pageKey), PRIVATE_PAGE_ROUTES[pageKey].locale);
    const shown = states.show(page.events, page.now);
    if (!shown) return answer({ state: states.missing }, 404);
    return answer({ state: "loaded", ...shown });
  } catch (error) {
    log.error(`${pageKey}: loading the page failed`, error);
    return answer({ state: states.failed }, 500);
  }
}

/**
 * The loader of a public special page (/arc, /sail-out): the event with its slug (data, not an
 * id in code) in the page's language, with the offer price (after the early-bird discount while
 * it runs) and the server's clock. No such event is the page's `missing` state (404); a database
 * failure is logged and answers `{ state: "error" }` (500).
 */
export async function specialPageLoader<Missing extends "not_found" | "error">(path: string, slug: string, locale: Locale, missing: Missing) {
  try {
    const row = await eventBySlug(db(), slug);
    if (!row) return data({ state: missing }, { status: 404 });
    const { events, now: at, at: clock } = await eventViews([row], locale);
    return data({ state: "loaded" as const, event: events[0], now: at, offerPriceCents: amountDue(row, clock).priceCents });
  } catch (error) {
    log.error(`${path}: loading the event failed`, error);
    return data({ state: "error" as const }, { status: 500 });
  }
}

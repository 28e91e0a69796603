import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "react-router";
import { translate, type Locale, type MessageKey } from "~/i18n";
import { attemptUnlock } from "@server/access/attempt.server";
import { PRIVATE_PAGES, type PrivatePageKey } from "@server/access/pages.server";
import { storedCodeHashes } from "@server/access/store.server";
import { hasUnlock } from "@server/access/unlock.server";
import { eventsOnPrivatePage } from "@server/access/page-events.server";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import { placesTakenByEvent } from "@server/events/queries.server";
import { toEventView } from "@server/events/view.server";
import { log } from "@server/log.server";
import type { EventView } from "~/lib/events";
import { accessCodeSchema, type AccessCodeActionData } from "./access-code-schema";

/**
 * The server half of every private page: is this browser unlocked, and the password action.
 * The loaders return nothing about the event until `readAccess` says "unlocked".
 */
export type Access = "unlocked" | "locked";

/** Throws when the database cannot be read; the page shows its error state then. */
export async function readAccess(request: Request, pageKey: PrivatePageKey): Promise<Access> {
  return hasUnlock(request, pageKey, await storedCodeHashes(pageKey)) ? "unlocked" : "locked";
}

/**
 * What an unlocked private page shows: its events (by start date) in the page's language with
 * places left, and the server's clock. "locked" until this browser holds a valid unlock, so
 * nothing about the events leaves the server before that. Throws when the database fails.
 */
export async function unlockedPageEvents(
  request: Request,
  pageKey: PrivatePageKey,
  locale: Locale,
): Promise<{ state: "locked" } | { state: "unlocked"; events: EventView[]; now: string }> {
  if ((await readAccess(request, pageKey)) === "locked") return { state: "locked" };
  const at = now();
  const events = await eventsOnPrivatePage(db(), pageKey);
  const taken = await placesTakenByEvent(db(), events.map((e) => e.id), at);
  return { state: "unlocked", events: events.map((e) => toEventView(e, locale, at, taken.get(e.id) ?? 0)), now: at.toISOString() };
}

/** Pages that are never cached by browsers or proxies: they depend on the unlock cookie. */
export const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;

/**
 * The password form's action: 303 back to the page with the unlock cookie when the code is
 * right; 200 with the page's own wrong-code message when it is not; 429 once the address has
 * tried too many wrong codes on this page.
 */
export async function accessCodeAction(options: {
  request: Request;
  context: AppLoadContext;
  pageKey: PrivatePageKey;
  locale: Locale;
  wrongCodeMessage: MessageKey;
}) {
  const { request, context, pageKey, locale } = options;
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return data<AccessCodeActionData>(
      { result: { status: "error", error: { "": [translate(locale, "common.invalidForm")] } } },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  }
  const submission = parseWithZod(formData, { schema: accessCodeSchema });
  if (submission.status !== "success") {
    return data<AccessCodeActionData>({ result: submission.reply({ hideFields: ["code"] }) }, { status: 400, headers: PRIVATE_HEADERS });
  }

  let attempt: Awaited<ReturnType<typeof attemptUnlock>>;
  try {
    attempt = await attemptUnlock({ pageKey, code: submission.value.code, clientAddress: context.clientAddress, request });
  } catch (error) {
    log.error(`Access code check for ${PRIVATE_PAGES[pageKey].path} failed`, error);
    return data<AccessCodeActionData>(
      { result: submission.reply({ formErrors: [translate(locale, "error.text")], hideFields: ["code"] }) },
      { status: 503, headers: PRIVATE_HEADERS },
    );
  }

  switch (attempt.outcome) {
    case "unlocked":
      // Back to the page without the form's query (?lang=…), so a reload never re-posts.
      return redirect(new URL(request.url).pathname, { status: 303, headers: { "Set-Cookie": attempt.setCookie } });
    case "limited": {
      const minutes = Math.max(1, Math.ceil(attempt.retryAfterSeconds / 60));
      return data<AccessCodeActionData>(
        { result: submission.reply({ formErrors: [translate(locale, "private.code.tooMany", { minutes })], hideFields: ["code"] }) },
        { status: 429, headers: { ...PRIVATE_HEADERS, "Retry-After": String(attempt.retryAfterSeconds) } },
      );
    }
    case "busy":
      return data<AccessCodeActionData>(
        { result: submission.reply({ formErrors: [translate(locale, "private.code.busy")], hideFields: ["code"] }) },
        { status: 503, headers: { ...PRIVATE_HEADERS, "Retry-After": String(attempt.retryAfterSeconds) } },
      );
    case "wrong":
      // A wrong code is an expected answer, not an error: 200 with the field's message (a 4xx
      // would log an error in the visitor's browser console).
      return data<AccessCodeActionData>(
        { result: submission.reply({ fieldErrors: { code: [translate(locale, options.wrongCodeMessage)] }, hideFields: ["code"] }) },
        { status: 200, headers: PRIVATE_HEADERS },
      );
  }
}

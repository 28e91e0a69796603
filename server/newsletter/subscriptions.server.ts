import crypto from "node:crypto";
import { and, desc, eq, gt, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Locale } from "~/i18n";
import { now } from "../clock.server";
import { db, type DbOrTx } from "../db/client.server";
import { emails, newsletterSubscribers, type NewsletterSubscriber } from "../db/schema.server";
import { log } from "../log.server";
import { deliverQueued } from "../mail/send.server";
import { CONFIRM_TEMPLATE, queueConfirmationEmail, queueTeamNotification } from "./emails.server";

/** The outcomes of a sign-up that reached the database (invalid input never gets here). */
export type SubscribeResult = "success" | "alreadySubscribed" | "emailFailed";

/** A pending subscriber who signs up again gets the confirmation e-mail again, at most this often. */
const CONFIRMATION_RESEND_AFTER_MS = 60 * 60_000;

function newToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export async function subscriberByEmail(email: string, tx: DbOrTx = db()): Promise<NewsletterSubscriber | undefined> {
  const [row] = await tx
    .select()
    .from(newsletterSubscribers)
    .where(eq(sql`lower(${newsletterSubscribers.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

export async function subscriberByToken(token: string): Promise<NewsletterSubscriber | undefined> {
  if (!token || token.length > 200) return undefined;
  const [row] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.token, token)).limit(1);
  return row;
}

/** A pending subscription whose confirmation e-mail is recent or still being retried needs no new one. */
async function confirmationRecentlySent(tx: DbOrTx, subscriber: NewsletterSubscriber): Promise<boolean> {
  const since = new Date(now().getTime() - CONFIRMATION_RESEND_AFTER_MS);
  const [recent] = await tx
    .select({ id: emails.id })
    .from(emails)
    .where(
      and(
        eq(emails.relatedId, subscriber.id),
        eq(emails.template, CONFIRM_TEMPLATE),
        or(gt(emails.sentAt, since), and(inArray(emails.status, ["queued", "failed"]), isNotNull(emails.nextAttemptAt))),
      ),
    )
    .orderBy(desc(emails.createdAt))
    .limit(1);
  return Boolean(recent);
}

/** Inserts a pending subscriber, or takes back one who unsubscribed. Undefined when the address is already on the list. */
async function createOrReactivate(tx: DbOrTx, name: string, email: string, locale: Locale): Promise<NewsletterSubscriber | undefined> {
  const existing = await subscriberByEmail(email, tx);
  if (existing && existing.status !== "unsubscribed") return undefined;
  if (existing) {
    // A fresh token: links from before the unsubscribe no longer act on the new subscription.
    const [reactivated] = await tx
      .update(newsletterSubscribers)
      .set({ name, locale, status: "pending", token: newToken(), confirmedAt: null, unsubscribedAt: null })
      .where(and(eq(newsletterSubscribers.id, existing.id), eq(newsletterSubscribers.status, "unsubscribed")))
      .returning();
    return reactivated;
  }
  // Two sign-ups racing for one address: the unique index on lower(email) lets only one in.
  const [inserted] = await tx
    .insert(newsletterSubscribers)
    .values({ name, email, locale, status: "pending", token: newToken() })
    .onConflictDoNothing()
    .returning();
  return inserted;
}

/**
 * Double opt-in sign-up: a pending subscriber, the confirmation e-mail in the visitor's language,
 * and a notification for the team. Addresses are compared case-insensitively.
 */
export async function subscribe(input: { name: string; email: string; locale: Locale }): Promise<SubscribeResult> {
  const name = input.name.trim();
  const email = input.email.trim();
  // The subscriber and its e-mails commit together (the outbox, decision 008): a crash after the
  // commit leaves the e-mails queued for the retry worker, never a sign-up without its mail.
  const queued = await db().transaction(async (tx) => {
    const subscriber = await createOrReactivate(tx, name, email, input.locale);
    if (!subscriber) {
      const existing = await subscriberByEmail(email, tx);
      // Someone who lost the confirmation e-mail can only get it again by signing up again.
      const resend = existing?.status === "pending" && !(await confirmationRecentlySent(tx, existing));
      return { outcome: "alreadySubscribed" as const, confirmation: resend ? await queueConfirmationEmail(tx, existing) : undefined };
    }
    return { outcome: "new" as const, confirmation: await queueConfirmationEmail(tx, subscriber), notification: await queueTeamNotification(tx, subscriber) };
  });
  const ids = [queued.confirmation, "notification" in queued ? queued.notification : undefined].filter((id): id is string => id !== undefined);
  const delivered = await deliverQueued(ids);
  if (queued.outcome === "alreadySubscribed") return "alreadySubscribed";
  if ("notification" in queued && delivered.get(queued.notification) === "failed") {
    log.warn(`Newsletter team notification ${queued.notification} failed; it will be retried`);
  }
  // "claimed-elsewhere": the worker is delivering it this very moment; the visitor need not worry.
  return delivered.get(queued.confirmation) === "failed" ? "emailFailed" : "success";
}

export type ConfirmResult = { status: "confirmed"; subscriber: NewsletterSubscriber } | { status: "unsubscribed" } | { status: "invalid" };

/** Confirms a pending subscription. Idempotent: opening the link again changes nothing. */
export async function confirmSubscription(token: string): Promise<ConfirmResult> {
  const subscriber = await subscriberByToken(token);
  if (!subscriber) return { status: "invalid" };
  if (subscriber.status === "unsubscribed") return { status: "unsubscribed" };
  if (subscriber.status === "confirmed") return { status: "confirmed", subscriber };
  const [confirmed] = await db()
    .update(newsletterSubscribers)
    .set({ status: "confirmed", confirmedAt: now() })
    .where(and(eq(newsletterSubscribers.id, subscriber.id), eq(newsletterSubscribers.status, "pending")))
    .returning();
  return { status: "confirmed", subscriber: confirmed ?? subscriber };
}

/** Unsubscribes by the link's token. Idempotent; undefined when the token is unknown. */
export async function unsubscribe(token: string): Promise<NewsletterSubscriber | undefined> {
  const subscriber = await subscriberByToken(token);
  if (!subscriber) return undefined;
  if (subscriber.status === "unsubscribed") return subscriber;
  const [updated] = await db()
    .update(newsletterSubscribers)
    .set({ status: "unsubscribed", unsubscribedAt: now() })
    .where(eq(newsletterSubscribers.id, subscriber.id))
    .returning();
  return updated ?? subscriber;
}

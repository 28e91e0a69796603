import { and, eq, inArray, isNotNull, lte } from "drizzle-orm";
import type Mail from "nodemailer/lib/mailer";
import type { ReactElement } from "react";
import type { Locale } from "~/i18n";
import { now } from "../clock.server";
import { db, type DbOrTx } from "../db/client.server";
import { emails, type EmailAttachment, type EmailRow } from "../db/schema.server";
import { log } from "../log.server";
import { renderEmail } from "./render.server";
import { fromAddress } from "./team.server";
import { deliver } from "./transport.server";

export type OutgoingEmail = {
  to: string;
  subject: string;
  /** Which template produced it, e.g. "newsletter-confirm"; also part of the outbox file name. */
  template: string;
  locale: Locale;
  html: string;
  text: string;
  attachments?: { filename: string; contentType: string; content: Buffer | string }[];
  /** Extra headers kept for retries, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /** What the message is about, e.g. a registration or subscriber id. */
  relatedId?: string;
};

export type SendResult = { id: string; status: "sent" | "failed" };

/** Minutes to wait after the 1st, 2nd, … failed attempt. After the last one nobody retries. */
const BACKOFF_MINUTES = [1, 5, 30, 120, 720] as const;
export const MAX_ATTEMPTS = BACKOFF_MINUTES.length + 1;
/**
 * A message being delivered has its nextAttemptAt set this far ahead, as a lease: if the process
 * dies mid-delivery, the retry worker picks it up once the lease has passed.
 */
const DELIVERY_LEASE_MS = 10 * 60_000;

/** When to try again after `attempts` failed attempts, or null when it has had its last try. */
export function nextAttemptAfter(attempts: number, from: Date): Date | null {
  const minutes = BACKOFF_MINUTES[attempts - 1];
  return minutes === undefined ? null : new Date(from.getTime() + minutes * 60_000);
}

function toStoredAttachment(attachment: NonNullable<OutgoingEmail["attachments"]>[number]): EmailAttachment {
  const content = typeof attachment.content === "string" ? Buffer.from(attachment.content, "utf8") : attachment.content;
  return { filename: attachment.filename, contentType: attachment.contentType, contentBase64: content.toString("base64") };
}

function toMailOptions(row: EmailRow): Mail.Options {
  return {
    from: fromAddress(),
    to: row.to,
    subject: row.subject,
    html: row.html,
    text: row.text,
    date: now(),
    headers: row.headers,
    attachments: row.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.contentBase64, "base64"),
    })),
  };
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/** One delivery attempt of a stored message; records the outcome on its row. */
async function attempt(row: EmailRow): Promise<"sent" | "failed"> {
  const attempts = row.attempts + 1;
  try {
    const { deliveryRef } = await deliver(toMailOptions(row), row.template, row.id);
    await db()
      .update(emails)
      .set({ status: "sent", attempts, sentAt: now(), deliveryRef, lastError: null, nextAttemptAt: null })
      .where(eq(emails.id, row.id));
    return "sent";
  } catch (error) {
    const nextAttemptAt = nextAttemptAfter(attempts, now());
    log.warn(
      `E-mail ${row.id} (${row.template}) to ${row.to} failed (attempt ${attempts}/${MAX_ATTEMPTS})${nextAttemptAt ? `; retry at ${nextAttemptAt.toISOString()}` : "; giving up"}`,
      describe(error),
    );
    await db()
      .update(emails)
      .set({ status: "failed", attempts, lastError: describe(error), nextAttemptAt })
      .where(eq(emails.id, row.id));
    return "failed";
  }
}

function rowValues(message: OutgoingEmail) {
  return {
    to: message.to,
    subject: message.subject,
    template: message.template,
    locale: message.locale,
    html: message.html,
    text: message.text,
    attachments: (message.attachments ?? []).map(toStoredAttachment),
    headers: message.headers ?? {},
    relatedId: message.relatedId ?? null,
    status: "queued" as const,
  };
}

/**
 * The outbox (decision 008): records the message in the caller's transaction, due at once, so it
 * exists exactly when the data that causes it was committed. Nothing is delivered here; the
 * caller hands the ids to `deliverQueued()` after the commit, and if the process dies first the
 * retry worker finds the row (queued, due) and delivers it.
 */
/** Renders a React Email template and queues it (`queueEmail`): the usual way a message is made. */
export async function queueRendered(tx: DbOrTx, element: ReactElement, message: Omit<OutgoingEmail, "html" | "text">): Promise<string> {
  return queueEmail(tx, { ...message, ...(await renderEmail(element)) });
}

export async function queueEmail(tx: DbOrTx, message: OutgoingEmail): Promise<string> {
  const [row] = await tx
    .insert(emails)
    .values({ ...rowValues(message), nextAttemptAt: now() })
    .returning({ id: emails.id });
  return row.id;
}

/**
 * Delivers queued messages after their transaction committed. Each is claimed first (the same
 * conditional update as the worker's), so a message is delivered once even when the worker's
 * tick races this call. "claimed-elsewhere": another process or tick is delivering it.
 */
export async function deliverQueued(ids: readonly string[]): Promise<Map<string, "sent" | "failed" | "claimed-elsewhere">> {
  const results = new Map<string, "sent" | "failed" | "claimed-elsewhere">();
  for (const id of ids) {
    try {
      const row = await claim(id, now());
      results.set(id, row ? await attempt(row) : "claimed-elsewhere");
    } catch (error) {
      // The row is committed and due: the retry worker delivers it. The visitor's action stands.
      log.warn(`E-mail ${id}: immediate delivery could not start; the retry worker will deliver it`, describe(error));
      results.set(id, "failed");
    }
  }
  return results;
}

/** Delivers after the commit, never throwing: what is queued is delivered later in any case. */
export async function deliverQueuedQuietly(ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await deliverQueued(ids);
}

/**
 * Records the message, then delivers it at once. A failed delivery is kept for retries and reported
 * as "failed", so the caller can tell the visitor instead of failing silently.
 */
export async function sendEmail(message: OutgoingEmail): Promise<SendResult> {
  const [row] = await db()
    .insert(emails)
    .values({ ...rowValues(message), nextAttemptAt: new Date(now().getTime() + DELIVERY_LEASE_MS) })
    .returning();
  return { id: row.id, status: await attempt(row) };
}

/**
 * Takes a message for delivery if it is still waiting: the conditional update lets only one
 * process (or worker tick) deliver it.
 */
async function claim(id: string, due: Date | null): Promise<EmailRow | undefined> {
  const conditions = [eq(emails.id, id), inArray(emails.status, ["queued", "failed"])];
  if (due) conditions.push(isNotNull(emails.nextAttemptAt), lte(emails.nextAttemptAt, due));
  const [row] = await db()
    .update(emails)
    .set({ status: "queued", nextAttemptAt: new Date(now().getTime() + DELIVERY_LEASE_MS) })
    .where(and(...conditions))
    .returning();
  return row;
}

/** Redelivers failed (or abandoned) messages whose next attempt is due. Returns how many were sent. */
export async function retryDueEmails(limit = 20): Promise<number> {
  const due = now();
  const candidates = await db()
    .select({ id: emails.id })
    .from(emails)
    .where(and(inArray(emails.status, ["queued", "failed"]), isNotNull(emails.nextAttemptAt), lte(emails.nextAttemptAt, due)))
    .orderBy(emails.nextAttemptAt)
    .limit(limit);
  let sent = 0;
  for (const { id } of candidates) {
    const row = await claim(id, due);
    if (row && (await attempt(row)) === "sent") sent += 1;
  }
  return sent;
}

export class EmailNotFoundError extends Error {
  override name = "EmailNotFoundError";
}

/** An admin's manual retry: tries a failed message now, whatever its schedule or attempt count. */
export async function retryEmail(id: string): Promise<{ status: "sent" | "failed" }> {
  const row = await claim(id, null);
  if (row) return { status: await attempt(row) };
  const [existing] = await db().select({ status: emails.status }).from(emails).where(eq(emails.id, id)).limit(1);
  if (!existing) throw new EmailNotFoundError(`No e-mail ${id}`);
  return { status: existing.status === "sent" ? "sent" : "failed" };
}

// @engine both: e-mail queue: claims, retries and backoff in SQL, sent once
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setNowForTests } from "@server/clock.server";
import { emails } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { MAX_ATTEMPTS, nextAttemptAfter, retryDueEmails, retryEmail, sendEmail, type OutgoingEmail } from "@server/mail/send.server";
import { useTestDatabase } from "../support/db";

describe("e-mail delivery", () => {
  const database = useTestDatabase();

  function outboxFiles(): string[] {
    const dir = path.join(database.dataDir(), "outbox");
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")) : [];
  }

  function readOutbox(file: string): string {
    return fs.readFileSync(path.join(database.dataDir(), "outbox", file), "utf8");
  }

  /** A local port nobody listens on: connecting fails at once, like an SMTP server that is down. */
  async function closedPort(): Promise<number> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
  }

  function useOutbox() {
    setEnvForTests({
      DATA_DIR: database.dataDir(),
      DATABASE_URL: process.env.DATABASE_URL,
      SMTP_URL: undefined,
      LOG_LEVEL: "silent",
      TEAM_EMAIL: "team@oceanracing.test",
      MAIL_FROM: undefined,
    });
  }

  async function useBrokenSmtp() {
    setEnvForTests({
      DATA_DIR: database.dataDir(),
      DATABASE_URL: process.env.DATABASE_URL,
      SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
      LOG_LEVEL: "silent",
      TEAM_EMAIL: "team@oceanracing.test",
      MAIL_FROM: undefined,
    });
  }

  const message = (overrides: Partial<OutgoingEmail> = {}): OutgoingEmail => ({
    to: "skipper@example.com",
    subject: "Welkom aan boord – bevestiging",
    template: "test-message",
    locale: "nl",
    html: "<p>Hallo <strong>schipper</strong></p>",
    text: "Hallo schipper",
    relatedId: "rel-1",
    ...overrides,
  });

  /** The clock runs on after being pinned, so instants are compared to within two seconds. */
  function expectAround(actual: Date | null | undefined, iso: string) {
    expect(actual).toBeInstanceOf(Date);
    expect(Math.abs(actual!.getTime() - Date.parse(iso))).toBeLessThan(2000);
  }

  afterEach(() => {
    setNowForTests(undefined);
    useOutbox();
  });

  describe("sendEmail without SMTP_URL", () => {
    it("records the message as sent and writes an RFC 822 file with headers, both parts and attachments to the outbox", async () => {
      useOutbox();
      setNowForTests("2025-09-01T10:00:00Z");
      const before = outboxFiles();
      const result = await sendEmail(
        message({
          headers: { "List-Unsubscribe": "<https://example.test/newsletter/unsubscribe/abc>" },
          attachments: [{ filename: "event.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR\nEND:VCALENDAR" }],
        }),
      );
      expect(result.status).toBe("sent");

      const created = outboxFiles().filter((f) => !before.includes(f));
      expect(created).toHaveLength(1);
      const [file] = created;
      expect(file).toMatch(new RegExp(`^20250901-10000\\d-\\d{3}-test-message-${result.id}\\.eml$`));

      const raw = readOutbox(file);
      expect(raw).toMatch(/^From: Ocean Racing Team <team@oceanracing\.test>$/m);
      expect(raw).toMatch(/^To: skipper@example\.com$/m);
      // The subject has non-ASCII characters, so it is encoded; its words are still there.
      expect(raw).toMatch(/^Subject: /m);
      expect(raw).toMatch(/^List-Unsubscribe: <https:\/\/example\.test\/newsletter\/unsubscribe\/abc>$/m);
      expect(raw).toMatch(/^Date: Mon, 01 Sep 2025 10:00:0\d \+0000$/m);
      expect(raw).toMatch(/Content-Type: multipart\/mixed/);
      expect(raw).toMatch(/Content-Type: text\/plain/);
      expect(raw).toMatch(/Content-Type: text\/html/);
      expect(raw).toContain("Hallo schipper");
      expect(raw).toContain("<strong>schipper</strong>");
      expect(raw).toMatch(/Content-Type: text\/calendar; name=event\.ics/);
      expect(raw).toContain(Buffer.from("BEGIN:VCALENDAR\nEND:VCALENDAR").toString("base64"));

      const [row] = await database.db().select().from(emails).where(eq(emails.id, result.id));
      expect(row).toMatchObject({
        status: "sent",
        attempts: 1,
        to: "skipper@example.com",
        template: "test-message",
        locale: "nl",
        relatedId: "rel-1",
        deliveryRef: file,
        lastError: null,
        nextAttemptAt: null,
      });
      expectAround(row.sentAt, "2025-09-01T10:00:00.000Z");
      expect(row.attachments).toEqual([
        { filename: "event.ics", contentType: "text/calendar", contentBase64: Buffer.from("BEGIN:VCALENDAR\nEND:VCALENDAR").toString("base64") },
      ]);
    });

    it("uses MAIL_FROM as the sender when it is set", async () => {
      setEnvForTests({
        DATA_DIR: database.dataDir(),
        DATABASE_URL: process.env.DATABASE_URL,
        SMTP_URL: undefined,
        LOG_LEVEL: "silent",
        MAIL_FROM: "Race Office <race@oceanracing.test>",
      });
      const { id } = await sendEmail(message({ to: "from-check@example.com" }));
      const file = outboxFiles().find((f) => f.includes(id));
      expect(file).toBeDefined();
      expect(readOutbox(file!)).toMatch(/^From: Race Office <race@oceanracing\.test>$/m);
    });
  });

  describe("a failing transport", () => {
    it("records the failure with backoff, retries only when due, and a later retry delivers to the outbox", async () => {
      await useBrokenSmtp();
      setNowForTests("2025-09-01T10:00:00Z");
      const result = await sendEmail(message({ to: "retry@example.com" }));
      expect(result.status).toBe("failed");

      const load = async () => (await database.db().select().from(emails).where(eq(emails.id, result.id)))[0];
      let row = await load();
      expect(row.status).toBe("failed");
      expect(row.attempts).toBe(1);
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      expectAround(row.nextAttemptAt, "2025-09-01T10:01:00.000Z");
      expect(outboxFiles().some((f) => f.includes(result.id))).toBe(false);

      // Not due yet: the worker leaves it alone.
      setNowForTests("2025-09-01T10:00:30Z");
      expect(await retryDueEmails()).toBe(0);
      expect((await load()).attempts).toBe(1);

      // Due, but SMTP is still down: second failure, next wait is 5 minutes.
      setNowForTests("2025-09-01T10:01:05Z");
      expect(await retryDueEmails()).toBe(0);
      row = await load();
      expect(row).toMatchObject({ status: "failed", attempts: 2 });
      expectAround(row.nextAttemptAt, "2025-09-01T10:06:05.000Z");

      // The admin retries by hand once the outbox is in use again.
      useOutbox();
      expect(await retryEmail(result.id)).toEqual({ status: "sent" });
      row = await load();
      expect(row).toMatchObject({ status: "sent", attempts: 3, nextAttemptAt: null, lastError: null });
      const file = outboxFiles().find((f) => f.includes(result.id));
      expect(file).toBeDefined();
      expect(readOutbox(file!)).toMatch(/^To: retry@example\.com$/m);

      // A second manual retry does not send it twice.
      expect(await retryEmail(result.id)).toEqual({ status: "sent" });
      expect(outboxFiles().filter((f) => f.includes(result.id))).toHaveLength(1);
    });

    it("the retry worker delivers a due message once the transport works again", async () => {
      await useBrokenSmtp();
      setNowForTests("2025-09-02T08:00:00Z");
      const { id, status } = await sendEmail(message({ to: "worker@example.com" }));
      expect(status).toBe("failed");
      useOutbox();
      setNowForTests("2025-09-02T08:02:00Z");
      expect(await retryDueEmails()).toBeGreaterThanOrEqual(1);
      const [row] = await database.db().select().from(emails).where(eq(emails.id, id));
      expect(row).toMatchObject({ status: "sent", attempts: 2 });
      expect(outboxFiles().some((f) => f.includes(id))).toBe(true);
    });

    it("backs off 1, 5, 30, 120 and 720 minutes and stops after the last attempt", () => {
      const start = new Date("2025-01-01T00:00:00Z");
      const minutes = [1, 2, 3, 4, 5].map((n) => (nextAttemptAfter(n, start)!.getTime() - start.getTime()) / 60_000);
      expect(minutes).toEqual([1, 5, 30, 120, 720]);
      expect(MAX_ATTEMPTS).toBe(6);
      expect(nextAttemptAfter(6, start)).toBeNull();
    });

    it("rejects a manual retry of an unknown message", async () => {
      await expect(retryEmail("00000000-0000-4000-8000-000000000000")).rejects.toThrow(/No e-mail/);
    });
  });
});

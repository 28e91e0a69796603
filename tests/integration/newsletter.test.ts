// @engine both: subscriptions unique under concurrent posts, SQL written by hand
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setNowForTests } from "@server/clock.server";
import { setDatabase } from "@server/db/client.server";
import { emails, newsletterSubscribers } from "@server/db/schema.server";
import { setEnvForTests } from "@server/env.server";
import { action as signUp } from "~/routes/news/api.newsletter";
import type { NewsletterActionData } from "~/schemas/newsletter";
import { loader as confirmLoader } from "~/routes/news/newsletter-confirm";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/news/newsletter-unsubscribe";
import { useTestDatabase } from "../support/db";
import { formRequest, testContext } from "../support/forms";

const PUBLIC_URL = "https://sail.example.test";
const TEAM_EMAIL = "team@oceanracing.test";

let addressCounter = 0;
/** A fresh client address per request: the action is rate-limited per address. */
const freshContext = () => testContext(`10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`);

type ActionArgs = Parameters<typeof signUp>[0];
type Result = { status: number; body: NewsletterActionData };

/** Posts the form as the hydrated page does (with a fetcher): the action answers with data. */
async function post(
  fields: Record<string, string>,
  options: { locale?: "nl" | "en"; context?: ReturnType<typeof testContext> } = {},
): Promise<Result> {
  const request = formRequest("/api/newsletter", { ...fields, _fetcher: "1" }, { "accept-language": options.locale ?? "en" });
  const response = (await signUp({ request, context: options.context ?? freshContext(), params: {} } as unknown as ActionArgs)) as unknown;
  // `data()` results carry their init; a plain object would mean status 200.
  const wrapped = response as { data: NewsletterActionData; init: ResponseInit | null };
  return { status: wrapped.init?.status ?? 200, body: wrapped.data };
}

/** Posts the form as a browser without JavaScript does. */
async function postWithoutJs(fields: Record<string, string>, referer: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { "accept-language": "nl" };
  if (referer) headers.referer = referer;
  const request = formRequest("/api/newsletter", fields, headers);
  return (await signUp({ request, context: freshContext(), params: {} } as unknown as ActionArgs)) as Response;
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe("newsletter sign-up", () => {
  const database = useTestDatabase();

  function useConfig(overrides: Record<string, string | undefined> = {}) {
    setEnvForTests({
      DATA_DIR: database.dataDir(),
      DATABASE_URL: process.env.DATABASE_URL,
      SMTP_URL: undefined,
      PUBLIC_URL,
      TEAM_EMAIL,
      MAIL_FROM: undefined,
      LOG_LEVEL: "silent",
      ...overrides,
    });
  }

  function outbox(needle: string): string[] {
    const dir = path.join(database.dataDir(), "outbox");
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".eml"))
      .map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, f), "utf8")))
      .filter((raw) => raw.includes(needle));
  }

  const subscriber = async (email: string) =>
    (
      await database
        .db()
        .select()
        .from(newsletterSubscribers)
        .where(eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase()))
    )[0];

  afterEach(() => {
    setNowForTests(undefined);
    useConfig();
  });

  it("signs up: a pending subscriber, a confirmation e-mail with confirm and unsubscribe links, and a note to the team", async () => {
    useConfig();
    const { status, body } = await post({ name: "Anna de Vries", email: "anna@example.com" }, { locale: "nl" });
    expect(status).toBe(200);
    expect(body.outcome).toBe("success");
    expect(body.message).toBe("Succesvol aangemeld!");

    const row = await subscriber("anna@example.com");
    expect(row).toMatchObject({ name: "Anna de Vries", email: "anna@example.com", status: "pending", locale: "nl", confirmedAt: null });
    expect(row.token.length).toBeGreaterThanOrEqual(40);

    const [confirmation] = outbox("To: anna@example.com");
    expect(confirmation).toBeDefined();
    expect(confirmation).toContain(`${PUBLIC_URL}/newsletter/confirm/${row.token}`);
    expect(confirmation).toContain(`${PUBLIC_URL}/newsletter/unsubscribe/${row.token}`);
    expect(confirmation).toMatch(new RegExp(`^List-Unsubscribe:\\s+<${PUBLIC_URL}/newsletter/unsubscribe/${row.token}>$`, "m"));
    expect(confirmation).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // In the subscriber's language.
    expect(confirmation).toContain("Hoi Anna de Vries,");
    expect(confirmation).toContain("Aanmelding bevestigen");

    const team = outbox(`To: ${TEAM_EMAIL}`).filter((raw) => raw.includes("anna@example.com"));
    expect(team).toHaveLength(1);
    expect(team[0]).toContain("Anna de Vries");
  });

  it("writes the confirmation in English for an English visitor", async () => {
    useConfig();
    const { body } = await post({ name: "Sam Taylor", email: "sam@example.com" }, { locale: "en" });
    expect(body.message).toBe("Signed up successfully!");
    const [confirmation] = outbox("To: sam@example.com");
    expect(confirmation).toContain("Hi Sam Taylor,");
    expect(confirmation).toContain("Confirm subscription");
    expect((await subscriber("sam@example.com")).locale).toBe("en");
  });

  it("tells a known address it is already subscribed, comparing case-insensitively, without a second row", async () => {
    useConfig();
    expect((await post({ name: "Piet", email: "piet.jansen@example.com" })).body.outcome).toBe("success");
    const en = await post({ name: "Piet J", email: "Piet.Jansen@EXAMPLE.com" }, { locale: "en" });
    expect(en.status).toBe(200);
    expect(en.body).toMatchObject({ outcome: "alreadySubscribed", message: "Already subscribed: This email address is already subscribed" });
    const nl = await post({ name: "Piet", email: "PIET.JANSEN@example.com" }, { locale: "nl" });
    expect(nl.body.message).toContain("Al aangemeld");
    const [{ count }] = await database
      .db()
      .select({ count: sql<number>`count(*)::int` })
      .from(newsletterSubscribers)
      .where(eq(sql`lower(${newsletterSubscribers.email})`, "piet.jansen@example.com"));
    expect(count).toBe(1);
    // The confirmation was just sent: the duplicates did not send it again.
    expect(outbox("To: piet.jansen@example.com")).toHaveLength(1);
  });

  it("sends a pending subscriber who signs up again a new confirmation once the last one is old", async () => {
    useConfig();
    setNowForTests("2025-10-01T09:00:00Z");
    await post({ name: "Lisa", email: "lisa@example.com" });
    setNowForTests("2025-10-01T11:00:00Z");
    expect((await post({ name: "Lisa", email: "lisa@example.com" })).body.outcome).toBe("alreadySubscribed");
    expect(outbox("To: lisa@example.com")).toHaveLength(2);
  });

  it("reports a sign-up whose confirmation e-mail failed, keeps the subscriber and schedules a retry", async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    useConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` });

    const { status, body } = await post({ name: "Kees", email: "kees@example.com" }, { locale: "en" });
    expect(status).toBe(200);
    expect(body.outcome).toBe("emailFailed");
    expect(body.message).toMatch(/signed up, but there was an issue sending the confirmation e-mail/);

    const row = await subscriber("kees@example.com");
    expect(row.status).toBe("pending");
    const [mail] = await database
      .db()
      .select()
      .from(emails)
      .where(and(eq(emails.relatedId, row.id), eq(emails.template, "newsletter-confirm")));
    expect(mail).toMatchObject({ status: "failed", attempts: 1 });
    expect(mail.nextAttemptAt).not.toBeNull();
  });

  it("answers any other failure with the generic message", async () => {
    useConfig();
    // No database: the sign-up cannot be stored.
    setDatabase(undefined);
    try {
      const { status, body } = await post({ name: "Joost", email: "joost@example.com" }, { locale: "en" });
      expect(status).toBe(503);
      expect(body).toMatchObject({ outcome: "error", message: "Something went wrong, please try again later" });
    } finally {
      setDatabase({ db: database.db(), kind: database.kind(), close: async () => {} });
    }
  });

  it("rejects invalid input with 400 and the messages in the visitor's language, storing nothing", async () => {
    useConfig();
    const before = await database.db().$count(newsletterSubscribers);
    const en = await post({ name: "", email: "not-an-address" }, { locale: "en" });
    expect(en.status).toBe(400);
    expect(en.body.outcome).toBe("invalid");
    expect(en.body.result?.error).toEqual({ name: ["Name is required"], email: ["Invalid email address"] });

    const nl = await post({ name: "Jan", email: "" }, { locale: "nl" });
    expect(nl.status).toBe(400);
    expect(nl.body.result?.error).toEqual({ email: ["E-mail is verplicht"] });

    const tooLong = await post({ name: "Jan", email: `${"a".repeat(250)}@example.com` }, { locale: "en" });
    expect(tooLong.body.result?.error).toEqual({ email: ["Invalid email address"] });

    expect(await database.db().$count(newsletterSubscribers)).toBe(before);
    expect(outbox("not-an-address")).toHaveLength(0);
  });

  it("without JavaScript: redirects (303) back to the page it came from with the outcome, or the field errors", async () => {
    useConfig();
    const ok = await postWithoutJs({ name: "Noor", email: "noor@example.com" }, "http://localhost/news?lang=nl");
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/news?lang=nl&newsletter=success#newsletter");
    expect((await subscriber("noor@example.com")).status).toBe("pending");

    const invalid = await postWithoutJs({ name: "", email: "x@y" }, "http://localhost/?newsletter=success");
    expect(invalid.status).toBe(303);
    expect(invalid.headers.get("location")).toBe(
      "/?newsletter=invalid&newsletter-name=newsletter.nameRequired&newsletter-email=newsletter.invalidEmail#newsletter",
    );

    // Another site's page is never a redirect target.
    const foreign = await postWithoutJs({ name: "Noor", email: "noor@example.com" }, "https://evil.example/phish");
    expect(foreign.headers.get("location")).toBe("/?newsletter=alreadySubscribed#newsletter");
    const noReferer = await postWithoutJs({ name: "Noor", email: "noor@example.com" }, undefined);
    expect(noReferer.headers.get("location")).toBe("/?newsletter=alreadySubscribed#newsletter");
  });

  it("limits sign-ups per client address with a translated 429", async () => {
    useConfig();
    const context = testContext("192.0.2.77");
    for (let i = 0; i < 10; i++) {
      const { status } = await post({ name: "", email: "" }, { context });
      expect(status).toBe(400);
    }
    const limited = await post({ name: "Bot", email: "bot@example.com" }, { context, locale: "nl" });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ outcome: "rateLimited", message: "Te veel pogingen. Wacht even en probeer het opnieuw." });
    expect(await subscriber("bot@example.com")).toBeUndefined();
    // Another address is not affected.
    expect((await post({ name: "Mens", email: "mens@example.com" })).status).toBe(200);
  });
});

describe("confirm and unsubscribe", () => {
  const database = useTestDatabase();
  type ConfirmArgs = Parameters<typeof confirmLoader>[0];
  type UnsubscribeLoaderArgs = Parameters<typeof unsubscribeLoader>[0];
  type UnsubscribeActionArgs = Parameters<typeof unsubscribeAction>[0];

  const confirm = (token: string) =>
    confirmLoader({
      params: { token },
      request: new Request(`http://localhost/newsletter/confirm/${token}`),
      context: testContext(),
    } as unknown as ConfirmArgs);
  const showUnsubscribe = (token: string) =>
    unsubscribeLoader({
      params: { token },
      request: new Request(`http://localhost/newsletter/unsubscribe/${token}`),
      context: testContext(),
    } as unknown as UnsubscribeLoaderArgs);
  const doUnsubscribe = (token: string) =>
    unsubscribeAction({
      params: { token },
      request: formRequest(`/newsletter/unsubscribe/${token}`, {}),
      context: testContext(),
    } as unknown as UnsubscribeActionArgs);

  const load = async (email: string) => (await database.db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];

  afterEach(() => setNowForTests(undefined));

  it("confirms by the link, idempotently, and offers the unsubscribe link", async () => {
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, LOG_LEVEL: "silent" });
    expect((await post({ name: "Eva", email: "eva@example.com" })).body.outcome).toBe("success");
    const { token } = await load("eva@example.com");

    setNowForTests("2025-10-02T08:00:00Z");
    expect(await confirm(token)).toEqual({ status: "confirmed", name: "Eva", email: "eva@example.com", token });
    const confirmed = await load("eva@example.com");
    expect(confirmed.status).toBe("confirmed");
    expect(Math.abs(confirmed.confirmedAt!.getTime() - Date.parse("2025-10-02T08:00:00Z"))).toBeLessThan(2000);

    setNowForTests("2025-10-03T08:00:00Z");
    expect((await confirm(token)).status).toBe("confirmed");
    expect((await load("eva@example.com")).confirmedAt).toEqual(confirmed.confirmedAt);

    expect(await confirm("no-such-token")).toEqual({ status: "invalid" });
    // A confirmed subscriber is also "already subscribed".
    expect((await post({ name: "Eva", email: "EVA@example.com" })).body.outcome).toBe("alreadySubscribed");
  });

  it("shows the unsubscribe question on GET without unsubscribing; the POST unsubscribes; signing up again works", async () => {
    setEnvForTests({ DATA_DIR: database.dataDir(), DATABASE_URL: process.env.DATABASE_URL, SMTP_URL: undefined, LOG_LEVEL: "silent" });
    await post({ name: "Bram", email: "bram@example.com" });
    const { token } = await load("bram@example.com");
    await confirm(token);

    expect(await showUnsubscribe(token)).toEqual({ state: "ask", email: "bram@example.com" });
    expect((await load("bram@example.com")).status).toBe("confirmed");

    expect(await doUnsubscribe(token)).toEqual({ state: "done", email: "bram@example.com" });
    const gone = await load("bram@example.com");
    expect(gone.status).toBe("unsubscribed");
    expect(gone.unsubscribedAt).not.toBeNull();
    // Twice is fine, and the old confirm link does not bring the subscription back.
    expect(await doUnsubscribe(token)).toEqual({ state: "done", email: "bram@example.com" });
    expect(await showUnsubscribe(token)).toEqual({ state: "done", email: "bram@example.com" });
    expect(await confirm(token)).toEqual({ status: "unsubscribed" });
    expect((await load("bram@example.com")).status).toBe("unsubscribed");

    expect(await showUnsubscribe("unknown")).toEqual({ state: "invalid" });
    expect(await doUnsubscribe("unknown")).toEqual({ state: "invalid" });

    // Resubscribing: pending again, with a fresh token; the old links no longer act on it.
    const again = await post({ name: "Bram B", email: "Bram@Example.com" });
    expect(again.body.outcome).toBe("success");
    const back = await load("bram@example.com");
    expect(back).toMatchObject({ status: "pending", name: "Bram B", unsubscribedAt: null, confirmedAt: null });
    expect(back.token).not.toBe(token);
    expect(await confirm(token)).toEqual({ status: "invalid" });
    expect((await confirm(back.token)).status).toBe("confirmed");
  });
});

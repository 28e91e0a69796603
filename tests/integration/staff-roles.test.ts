// @engine both: every admin route's role rule reads the session and the skipper's event assignments per request; role changes end sessions and write audit rows in a transaction
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminRoutes } from "~/routes/admin/routes";
import { getAdminState } from "@server/auth/guard.server";
import { resetLoginLimitsForTests } from "@server/auth/login.server";
import { mayUse, type StaffRole } from "@server/auth/roles.server";
import { auditLog, eventSkippers, session, user } from "@server/db/schema.server";
import { useTestDatabase } from "../support/db";
import { formRequest, testContext } from "../support/forms";
import { insertEvent, insertRegistration, signedInUser, withCookie } from "./admin-fixtures";

/**
 * Decision 044: who each admin route admits. One entry per route module of
 * `app/routes/admin/routes.ts` (and its `content-routes.ts`): a route added there without an
 * entry here fails the first test. `staff` lists the roles let through; every other role must be
 * refused by the route's loader and action (403; 401 signed out). `open` marks the few modules
 * that are not behind the staff rule, with the reason.
 */
type Who = "admin" | "office" | "skipper" | "otherSkipper" | "editor" | "user" | "signedOut";
const EVERYONE: Who[] = ["admin", "office", "skipper", "otherSkipper", "editor", "user", "signedOut"];
const ANY_STAFF: Who[] = ["admin", "office", "skipper", "otherSkipper", "editor"];
const OFFICE: Who[] = ["admin", "office"];

type Ids = { eventId: string; registrationId: string; missing: string };
type Entry = { path: string; params?: (ids: Ids) => Record<string, string> } & ({ staff: Who[] } | { open: string });

const ROUTE_TABLE: Record<string, Entry> = {
  "routes/admin/login.tsx": { path: "/admin/login", open: "the sign-in form itself" },
  "routes/admin/two-factor.tsx": { path: "/admin/2fa", open: "the second sign-in step (decision 017)" },
  "routes/admin/two-factor-setup.tsx": { path: "/admin/2fa/setup", open: "the second factor's set-up, for any staff role without one" },
  "routes/admin/gate.tsx": { path: "/admin", open: "the layout: shows the login form, the refusal or the page; its children check the role" },
  "routes/uploads.ts": { path: "/uploads/articles/x.jpg", params: () => ({ bucket: "articles", file: "x.jpg" }), open: "public files of published articles and events" },
  "routes/admin/index.tsx": { path: "/admin", staff: ANY_STAFF },
  "routes/admin/not-found.tsx": { path: "/admin/nowhere", params: () => ({ "*": "nowhere" }), staff: ANY_STAFF },
  "routes/admin/dashboard.tsx": { path: "/admin/dashboard", staff: OFFICE },
  "routes/admin/manifest.tsx": { path: "/admin/manifest/:eventId", params: (ids) => ({ eventId: ids.eventId }), staff: ["admin", "office", "skipper"] },
  "routes/admin/registration.tsx": { path: "/admin/registrations/:id", params: (ids) => ({ id: ids.registrationId }), staff: OFFICE },
  "routes/admin/newsletter.tsx": { path: "/admin/newsletter", staff: OFFICE },
  "routes/admin/emails.tsx": { path: "/admin/emails", staff: OFFICE },
  "routes/admin/jobs.tsx": { path: "/admin/jobs", staff: ["admin"] },
  "routes/admin/users.tsx": { path: "/admin/users", staff: ["admin"] },
  "routes/admin/privacy.tsx": { path: "/admin/privacy", staff: ["admin"] },
  "routes/admin/articles.tsx": { path: "/admin/articles", staff: ["admin", "editor"] },
  "routes/admin/blog-new.tsx": { path: "/admin/blog/new", staff: ["admin", "editor"] },
  "routes/admin/blog-edit.tsx": { path: "/admin/blog/:id/edit", params: (ids) => ({ id: ids.missing }), staff: ["admin", "editor"] },
  "routes/admin/cleanup.tsx": { path: "/database-cleanup", staff: ["admin"] },
  "routes/admin/events.tsx": { path: "/admin/events", staff: OFFICE },
  "routes/admin/events-new.tsx": { path: "/admin/events/new", staff: OFFICE },
  "routes/admin/events-detail.tsx": { path: "/admin/events/:id", params: (ids) => ({ id: ids.eventId }), staff: OFFICE },
  "routes/admin/waitlist.tsx": { path: "/admin/events/:id/waitlist", params: (ids) => ({ id: ids.eventId }), staff: OFFICE },
  "routes/admin/event-disruption.tsx": { path: "/admin/events/:id/disruption", params: (ids) => ({ id: ids.eventId }), staff: OFFICE },
  "routes/admin/crew-items.tsx": { path: "/admin/events/:id/crew-items", params: (ids) => ({ id: ids.eventId }), staff: OFFICE },
  "routes/admin/crew-file.tsx": { path: "/admin/events/:id/crew", params: (ids) => ({ id: ids.eventId }), staff: ["admin", "office", "skipper"] },
  "routes/admin/clearance.tsx": { path: "/admin/events/:id/clearance", params: (ids) => ({ id: ids.eventId }), staff: ["admin", "office", "skipper"] },
  "routes/admin/exports.clearance.ts": { path: "/admin/events/:id/clearance.csv", params: (ids) => ({ id: ids.eventId }), staff: ["admin", "office", "skipper"] },
  "routes/admin/crew-file-download.ts": {
    path: "/admin/events/:id/crew/files/:fileId",
    params: (ids) => ({ id: ids.eventId, fileId: ids.missing }),
    staff: ["admin", "office", "skipper"],
  },
  "routes/admin/codes.tsx": { path: "/admin/codes", staff: OFFICE },
  "routes/admin/exports.registrations.ts": { path: "/admin/exports/registrations.csv", staff: OFFICE },
  "routes/admin/exports.interest.ts": { path: "/admin/exports/interest.csv", staff: OFFICE },
  "routes/admin/exports.newsletter.ts": { path: "/admin/exports/newsletter.csv", staff: OFFICE },
  "routes/admin/exports.accounting.ts": { path: "/admin/exports/accounting.csv?from=2026-01-01&to=2026-12-31", staff: OFFICE },
  "routes/admin/invoice-download.ts": {
    path: "/admin/registrations/:id/invoices/:number",
    params: (ids) => ({ id: ids.registrationId, number: "2026-000001.pdf" }),
    staff: OFFICE,
  },
  "routes/admin/exports.privacy-json.ts": { path: "/admin/privacy/export.json", staff: ["admin"] },
  "routes/admin/exports.privacy-html.ts": { path: "/admin/privacy/export.html", staff: ["admin"] },
};

/** Every route module of the admin's route config, layouts included. */
function routeFiles(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [entry.file, ...routeFiles(entry.children ?? [])]);
}

type RouteModule = { loader?: (args: never) => unknown; action?: (args: never) => unknown };
const modules = import.meta.glob<RouteModule>(["../../app/routes/admin/*.{ts,tsx}", "../../app/routes/uploads.ts"]);

function moduleOf(file: string): Promise<RouteModule> {
  const load = modules[`../../app/${file}`];
  if (!load) throw new Error(`no module ${file}`);
  return load();
}

/** The status of what a loader or action answered or threw (a thrown Response, `data()`, a redirect, plain data: 200). */
async function statusOf(run: () => unknown): Promise<number> {
  const read = (value: unknown): number => {
    if (value instanceof Response) return value.status;
    if (value && typeof value === "object" && "init" in value && "data" in value) return (value as { init: ResponseInit | null }).init?.status ?? 200;
    return 200;
  };
  try {
    return read(await run());
  } catch (error) {
    if (error instanceof Response) return error.status;
    if (error && typeof error === "object" && "init" in error && "data" in error) return read(error);
    throw error;
  }
}

describe("staff roles on every admin route (decision 044)", () => {
  const database = useTestDatabase();
  const cookies = new Map<Who, string>();
  const userIds = new Map<Who, string>();
  let ids: Ids;

  beforeAll(async () => {
    resetLoginLimitsForTests();
    const event = await insertEvent(database.db());
    const other = await insertEvent(database.db());
    const registration = await insertRegistration(database.db(), event.id, { paidCents: 25_000 });
    ids = { eventId: event.id, registrationId: registration.id, missing: "7b6f9d62-0a4e-4c1e-9a57-2f5d1b8e3c40" };
    const roles: [Who, StaffRole | null][] = [
      ["admin", "admin"],
      ["office", "office"],
      ["skipper", "skipper"],
      ["otherSkipper", "skipper"],
      ["editor", "editor"],
      ["user", null],
    ];
    for (const [who, role] of roles) {
      const signedIn = await signedInUser({ role });
      cookies.set(who, signedIn.cookie);
      userIds.set(who, signedIn.id);
    }
    // The skipper sails the event under test; the other skipper another one.
    await database.db().insert(eventSkippers).values([
      { eventId: event.id, userId: userIds.get("skipper")! },
      { eventId: other.id, userId: userIds.get("otherSkipper")! },
    ]);
  }, 120_000);

  const requestAs = (who: Who, path: string, method: "GET" | "POST") => {
    const cookie = cookies.get(who);
    const headers: Record<string, string> = cookie ? { cookie } : {};
    if (method === "POST") return formRequest(path, { intent: "staff-roles-test" }, headers);
    return cookie ? withCookie(path, cookie) : new Request(new URL(path, "http://localhost"));
  };

  it("has an entry for every admin route module, and none for a route that is gone", () => {
    const files = [...new Set(routeFiles(adminRoutes))].sort();
    expect(Object.keys(ROUTE_TABLE).sort()).toEqual(files);
  });

  const staffRoutes = Object.entries(ROUTE_TABLE).filter((e): e is [string, Entry & { staff: Who[] }] => "staff" in e[1]);

  it.each(staffRoutes)("%s admits only its roles", async (file, entry) => {
    const mod = await moduleOf(file);
    const handlers = (["loader", "action"] as const).filter((name) => typeof mod[name] === "function");
    expect(handlers).toContain("loader");
    const params = entry.params?.(ids) ?? {};
    const path = Object.entries(params).reduce((p, [name, value]) => p.replace(`:${name}`, value), entry.path);
    const seen: string[] = [];
    for (const name of handlers) {
      for (const who of EVERYONE) {
        const request = requestAs(who, path, name === "loader" ? "GET" : "POST");
        const handler = mod[name] as (args: unknown) => unknown;
        const status = await statusOf(() => handler({ request, params, context: testContext(), url: new URL(request.url) }));
        const admitted = entry.staff.includes(who);
        const expected = admitted ? "admitted" : who === "signedOut" ? 401 : 403;
        const got = admitted ? (status === 401 || status === 403 ? status : "admitted") : status;
        seen.push(`${name} ${who}: ${got}`);
        expect(got, `${file} ${name} as ${who}`).toBe(expected);
      }
    }
    expect(seen.length).toBe(handlers.length * EVERYONE.length);
  });

  it("the gate lets every staff role in and tells the page what the role may use", async () => {
    const gate = await moduleOf("routes/admin/gate.tsx");
    const access = async (who: Who) => {
      const request = requestAs(who, "/admin", "GET");
      const answer = (await gate.loader!({ request, params: {}, context: testContext(), url: new URL(request.url) } as never)) as {
        data: { state: { status: string }; access: { role: string; permissions: string[]; home: string } | null };
      };
      return answer.data;
    };
    expect((await access("admin")).access?.permissions).toEqual(expect.arrayContaining(["staff", "health", "privacy"]));
    expect((await access("office")).access?.permissions).not.toContain("health");
    expect((await access("skipper")).access).toEqual({ role: "skipper", permissions: ["crew", "health"], home: "/admin" });
    expect((await access("editor")).access).toEqual({ role: "editor", permissions: ["articles"], home: "/admin/articles" });
    expect(await access("user")).toMatchObject({ state: { status: "forbidden" }, access: null });
    expect(await access("signedOut")).toMatchObject({ state: { status: "signed-out" }, access: null });
  });

  it("sends an editor to the articles and shows a skipper their own events only", async () => {
    const index = await moduleOf("routes/admin/index.tsx");
    const run = (who: Who) => {
      const request = requestAs(who, "/admin", "GET");
      return index.loader!({ request, params: {}, context: testContext(), url: new URL(request.url) } as never) as Promise<{
        skipperEvents: { id: string }[];
      }>;
    };
    const redirected = await run("editor").then(
      () => undefined,
      (error: unknown) => error as Response,
    );
    expect(redirected?.status).toBe(302);
    expect(redirected?.headers.get("location")).toBe("/admin/articles");
    expect((await run("skipper")).skipperEvents.map((e) => e.id)).toEqual([ids.eventId]);
    expect((await run("otherSkipper")).skipperEvents.map((e) => e.id)).not.toContain(ids.eventId);
    expect((await run("office")).skipperEvents).toEqual([]);
  });

  it("gives a skipper the manifest without money or booking links data, and office the whole of it", async () => {
    const manifest = await moduleOf("routes/admin/manifest.tsx");
    const run = (who: Who) => {
      const request = requestAs(who, `/admin/manifest/${ids.eventId}`, "GET");
      return manifest.loader!({ request, params: { eventId: ids.eventId }, context: testContext(), url: new URL(request.url) } as never) as Promise<{
        bookings: boolean;
        participants: { balanceDueCents: number }[];
      }>;
    };
    const skipper = await run("skipper");
    expect(skipper.bookings).toBe(false);
    expect(skipper.participants).toHaveLength(1);
    expect(skipper.participants.every((p) => p.balanceDueCents === 0)).toBe(true);
    const office = await run("office");
    expect(office.bookings).toBe(true);
    expect(office.participants[0].balanceDueCents).toBeGreaterThan(0);
    // A malformed event id is refused to a skipper (no event to be assigned to), a 404 to office.
    const bad = (who: Who) => {
      const request = requestAs(who, "/admin/manifest/not-a-uuid", "GET");
      return statusOf(() => manifest.loader!({ request, params: { eventId: "not-a-uuid" }, context: testContext(), url: new URL(request.url) } as never));
    };
    expect(await bad("skipper")).toBe(403);
    expect(await bad("office")).toBe(404);
  });

  it("mayUse scopes a skipper's crew and health permissions to the events assigned to them", async () => {
    const skipper = userIds.get("skipper")!;
    expect(await mayUse("skipper", skipper, "crew", ids.eventId)).toBe(true);
    expect(await mayUse("skipper", skipper, "health", ids.eventId)).toBe(true);
    expect(await mayUse("skipper", userIds.get("otherSkipper")!, "health", ids.eventId)).toBe(false);
    expect(await mayUse("skipper", skipper, "crew")).toBe(false);
    expect(await mayUse("skipper", skipper, "bookings", ids.eventId)).toBe(false);
    expect(await mayUse("office", userIds.get("office")!, "crew", ids.eventId)).toBe(true);
    expect(await mayUse("office", userIds.get("office")!, "health", ids.eventId)).toBe(false);
    expect(await mayUse("admin", userIds.get("admin")!, "health")).toBe(true);
    expect(await mayUse(null, userIds.get("user")!, "articles")).toBe(false);
  });
});

describe("the users page sets roles and a skipper's events (decision 044)", () => {
  const database = useTestDatabase();
  beforeEach(() => resetLoginLimitsForTests());

  type Answer = { data: { ok: boolean; message: string }; init: ResponseInit | null };
  async function post(cookie: string, fields: Record<string, string | string[]>): Promise<Answer> {
    const users = await moduleOf("routes/admin/users.tsx");
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
    const request = new Request("http://localhost/admin/users", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", cookie }, body });
    return (await users.action!({ request, params: {}, context: testContext(), url: new URL(request.url) } as never)) as Answer;
  }

  it("changes a role, ending that user's sessions, and refuses to take an administrator's own role", async () => {
    const admin = await signedInUser({ role: "admin" });
    const colleague = await signedInUser({ role: "office" });
    expect((await getAdminState(colleague.request())).state.status).toBe("admin");

    const changed = await post(admin.cookie, { intent: "role", userId: colleague.id, role: "editor" });
    expect(changed.data).toMatchObject({ ok: true });
    expect(changed.data.message).toContain("redacteur");
    const [row] = await database.db().select({ role: user.role }).from(user).where(eq(user.id, colleague.id));
    expect(row.role).toBe("editor");
    expect(await database.db().select().from(session).where(eq(session.userId, colleague.id))).toHaveLength(0);
    expect((await getAdminState(colleague.request())).state.status).toBe("signed-out");

    const same = await post(admin.cookie, { intent: "role", userId: colleague.id, role: "editor" });
    expect(same.data.message).toBe("De rol was al zo; er is niets veranderd.");

    const own = await post(admin.cookie, { intent: "role", userId: admin.id, role: "office" });
    expect(own.init?.status).toBe(400);
    expect(own.data.message).toBe("Je kunt je eigen beheerdersrol niet weghalen: vraag een andere beheerder.");
    const [mine] = await database.db().select({ role: user.role }).from(user).where(eq(user.id, admin.id));
    expect(mine.role).toBe("admin");

    const unknown = await post(admin.cookie, { intent: "role", userId: colleague.id, role: "captain" });
    expect(unknown.init?.status).toBe(400);
    const none = await post(admin.cookie, { intent: "role", userId: colleague.id, role: "none" });
    expect(none.data.ok).toBe(true);
    const [plain] = await database.db().select({ role: user.role }).from(user).where(eq(user.id, colleague.id));
    expect(plain.role).toBe("user");
  });

  it("assigns a skipper's events with audit rows, and drops them when the role goes", async () => {
    const admin = await signedInUser({ role: "admin" });
    const skipper = await signedInUser({ role: "skipper" });
    const office = await signedInUser({ role: "office" });
    const first = await insertEvent(database.db());
    const second = await insertEvent(database.db());

    const refused = await post(admin.cookie, { intent: "skipper-events", userId: office.id, eventId: first.id });
    expect(refused.init?.status).toBe(409);

    const saved = await post(admin.cookie, { intent: "skipper-events", userId: skipper.id, eventId: [first.id, second.id] });
    expect(saved.data.ok).toBe(true);
    const assigned = async () =>
      (await database.db().select({ eventId: eventSkippers.eventId }).from(eventSkippers).where(eq(eventSkippers.userId, skipper.id))).map((r) => r.eventId).sort();
    expect(await assigned()).toEqual([first.id, second.id].sort());
    expect(await mayUse("skipper", skipper.id, "health", first.id)).toBe(true);

    // The form sends the whole set: unticking the second removes it.
    await post(admin.cookie, { intent: "skipper-events", userId: skipper.id, eventId: first.id });
    expect(await assigned()).toEqual([first.id]);
    const trail = await database
      .db()
      .select({ action: auditLog.action, eventId: auditLog.eventId, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "event"), eq(auditLog.eventId, second.id)));
    expect(trail.map((r) => r.action).sort()).toEqual(["event.skipper_assigned", "event.skipper_removed"]);
    expect(trail.every((r) => r.actorId === admin.id)).toBe(true);

    const bogus = await post(admin.cookie, { intent: "skipper-events", userId: skipper.id, eventId: "7b6f9d62-0a4e-4c1e-9a57-2f5d1b8e3c40" });
    expect(bogus.init?.status).toBe(409);
    expect(await assigned()).toEqual([first.id]);
    const malformed = await post(admin.cookie, { intent: "skipper-events", userId: skipper.id, eventId: "nope" });
    expect(malformed.init?.status).toBe(400);

    await post(admin.cookie, { intent: "role", userId: skipper.id, role: "office" });
    expect(await assigned()).toEqual([]);
  });

  it("creates a user with a role", async () => {
    const admin = await signedInUser({ role: "admin" });
    const created = await post(admin.cookie, { intent: "create", name: "Nieuwe Schipper", email: "schipper-nieuw@example.com", password: "lange-wachtwoord-1", role: "skipper" });
    expect(created.data.ok).toBe(true);
    const [row] = await database.db().select({ role: user.role }).from(user).where(eq(user.email, "schipper-nieuw@example.com"));
    expect(row.role).toBe("skipper");
  });
});

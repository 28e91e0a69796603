import { and, eq } from "drizzle-orm";
import { db } from "../db/client.server";
import { eventSkippers } from "../db/schema.server";
import { ADMIN_ROLE } from "./auth.server";

/**
 * Staff roles (issue 27, decision 044) instead of one admin role. The role is the Better Auth
 * user's `role` text; "admin" stays the administrator's value so every existing admin keeps
 * everything. Any other value ("user") is no staff: the gate refuses it.
 *
 * - administrator: everything, and manages staff;
 * - office: events, bookings, payments, refunds, crew files without health data, newsletter, e-mails;
 * - skipper: the events assigned to them (event_skippers): manifests and crew files, health data included;
 * - editor: articles only.
 */
export const STAFF_ROLES = [ADMIN_ROLE, "office", "skipper", "editor"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * What a route needs. `crew` and `health` are scoped to an event for a skipper: pass the event's
 * id (`requireStaff(request, "crew", { eventId })`); without an event a skipper is refused.
 */
export type Permission =
  | "staff" // staff accounts and roles, jobs, cleanup
  | "events" // create/edit events, access codes, weather moves, waiting lists
  | "bookings" // bookings, payments, refunds, holds, registration exports, dashboard
  | "articles" // news articles and their images
  | "crew" // manifests and crew files (without health data), clearance crew lists
  | "health" // health answers and files of the crew file
  | "privacy" // personal-data export and erase (they include health data)
  | "newsletter" // subscribers and their export
  | "mail"; // the sent e-mails

const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  [ADMIN_ROLE]: ["staff", "events", "bookings", "articles", "crew", "health", "privacy", "newsletter", "mail"],
  office: ["events", "bookings", "crew", "newsletter", "mail"],
  skipper: ["crew", "health"],
  editor: ["articles"],
};

/** Permissions a skipper holds only on the events assigned to them. */
const EVENT_SCOPED_FOR_SKIPPER: readonly Permission[] = ["crew", "health"];

/** The user's staff role, or null when the role text names none (a plain "user"). */
export function staffRole(roleText: string | null | undefined): StaffRole | null {
  const roles = (roleText ?? "").split(",").map((r) => r.trim());
  // The most powerful role wins when several are listed (Better Auth allows "a,b").
  return STAFF_ROLES.find((r) => roles.includes(r)) ?? null;
}

/** Whether the role holds the permission at all (a skipper: on some event). */
export function roleHas(role: StaffRole | null, permission: Permission): boolean {
  return role !== null && ROLE_PERMISSIONS[role].includes(permission);
}

/** Whether the role holds the permission on every event, not only assigned ones. */
export function roleHasEverywhere(role: StaffRole | null, permission: Permission): boolean {
  return roleHas(role, permission) && !(role === "skipper" && EVENT_SCOPED_FOR_SKIPPER.includes(permission));
}

/** Whether the user is assigned as skipper to the event. */
export async function isAssignedSkipper(userId: string, eventId: string): Promise<boolean> {
  const [row] = await db()
    .select({ eventId: eventSkippers.eventId })
    .from(eventSkippers)
    .where(and(eq(eventSkippers.userId, userId), eq(eventSkippers.eventId, eventId)))
    .limit(1);
  return Boolean(row);
}

/** The events a skipper is assigned to. */
export async function assignedEventIds(userId: string): Promise<string[]> {
  const rows = await db().select({ eventId: eventSkippers.eventId }).from(eventSkippers).where(eq(eventSkippers.userId, userId));
  return rows.map((r) => r.eventId);
}

/**
 * The server-side rule: may this role (and user) use the permission, on this event when given?
 * A skipper's crew and health permissions count only on events assigned to them.
 */
export async function mayUse(role: StaffRole | null, userId: string, permission: Permission, eventId?: string): Promise<boolean> {
  if (!roleHas(role, permission)) return false;
  if (roleHasEverywhere(role, permission)) return true;
  if (eventId === undefined) return false;
  return isAssignedSkipper(userId, eventId);
}

/** Every permission the role holds (a skipper's crew and health: on their events only). */
export function rolePermissions(role: StaffRole | null): Permission[] {
  return role === null ? [] : [...ROLE_PERMISSIONS[role]];
}

/**
 * Where /admin sends the role: an editor has only the articles, so straight there; the others
 * get the admin home (a skipper's shows the events assigned to them).
 */
export function staffHome(role: StaffRole | null): string {
  return role === "editor" ? "/admin/articles" : "/admin";
}

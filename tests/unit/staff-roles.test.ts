import { describe, expect, it } from "vitest";
import { mayUse, roleHas, roleHasEverywhere, rolePermissions, staffHome, staffRole, STAFF_ROLES } from "@server/auth/roles.server";
import { isStaffRoleChoice, newUserSchema, STAFF_ROLE_CHOICES } from "~/schemas/admin-user";

// Decision 044. mayUse's skipper case reads the assignments: tests/integration/staff-roles.test.ts.
describe("staff roles", () => {
  it("reads the role text Better Auth stores", () => {
    expect(staffRole("admin")).toBe("admin");
    expect(staffRole("office")).toBe("office");
    expect(staffRole(" skipper ")).toBe("skipper");
    expect(staffRole("editor")).toBe("editor");
    expect(staffRole("user")).toBeNull();
    expect(staffRole("")).toBeNull();
    expect(staffRole(null)).toBeNull();
    expect(staffRole(undefined)).toBeNull();
    expect(staffRole("Admin")).toBeNull();
    // Several listed: the most powerful wins.
    expect(staffRole("editor,admin")).toBe("admin");
    expect(staffRole("user,office")).toBe("office");
  });

  it("gives each role its permissions and no other", () => {
    expect(rolePermissions("admin").sort()).toEqual(["articles", "bookings", "crew", "events", "health", "mail", "newsletter", "privacy", "staff"]);
    expect(rolePermissions("office").sort()).toEqual(["bookings", "crew", "events", "mail", "newsletter"]);
    expect(rolePermissions("skipper").sort()).toEqual(["crew", "health"]);
    expect(rolePermissions("editor")).toEqual(["articles"]);
    expect(rolePermissions(null)).toEqual([]);
    // Office staff never see health data; only an administrator manages staff and privacy.
    expect(roleHas("office", "health")).toBe(false);
    for (const role of STAFF_ROLES) {
      expect(roleHas(role, "staff")).toBe(role === "admin");
      expect(roleHas(role, "privacy")).toBe(role === "admin");
    }
    expect(roleHas(null, "articles")).toBe(false);
  });

  it("holds a skipper's crew and health permissions on their events only", () => {
    expect(roleHasEverywhere("skipper", "crew")).toBe(false);
    expect(roleHasEverywhere("skipper", "health")).toBe(false);
    expect(roleHasEverywhere("office", "crew")).toBe(true);
    expect(roleHasEverywhere("admin", "health")).toBe(true);
  });

  it("decides without the database whenever the role alone answers", async () => {
    // No database in unit tests: these must not ask for the assignments.
    expect(await mayUse("editor", "u1", "articles")).toBe(true);
    expect(await mayUse("editor", "u1", "bookings")).toBe(false);
    expect(await mayUse("office", "u1", "health", "e1")).toBe(false);
    expect(await mayUse("admin", "u1", "health", "e1")).toBe(true);
    expect(await mayUse("skipper", "u1", "bookings", "e1")).toBe(false);
    expect(await mayUse("skipper", "u1", "crew")).toBe(false);
    expect(await mayUse(null, "u1", "articles")).toBe(false);
  });

  it("sends an editor to the articles, every other role to the admin home", () => {
    expect(staffHome("editor")).toBe("/admin/articles");
    expect(staffHome("admin")).toBe("/admin");
    expect(staffHome("office")).toBe("/admin");
    expect(staffHome("skipper")).toBe("/admin");
  });

  it("the users page's choices are the staff roles and none", () => {
    expect([...STAFF_ROLE_CHOICES].sort()).toEqual([...STAFF_ROLES, "none"].sort());
    expect(isStaffRoleChoice("skipper")).toBe(true);
    expect(isStaffRoleChoice("user")).toBe(false);
    const base = { intent: "create", name: "Schipper", email: "s@example.com", password: "lange-wachtwoord" };
    expect(newUserSchema.parse(base).role).toBe("none");
    expect(newUserSchema.parse({ ...base, role: "editor" }).role).toBe("editor");
    expect(newUserSchema.safeParse({ ...base, role: "captain" }).success).toBe(false);
  });
});

import { z } from "zod";
import type { MessageKey } from "~/i18n";

/** The new-user form of /admin/users, shared by the browser (Conform) and the action. */
export const ADMIN_USER_PASSWORD_MIN = 10;
export const ADMIN_USER_PASSWORD_MAX = 256;

const message = (key: MessageKey) => key;

/** The roles the users page sets (decision 044); "none" is an account without staff access. */
export const STAFF_ROLE_CHOICES = ["none", "admin", "office", "skipper", "editor"] as const;
export type StaffRoleChoice = (typeof STAFF_ROLE_CHOICES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRoleChoice, MessageKey> = {
  none: "admin.roles.none",
  admin: "admin.roles.admin",
  office: "admin.roles.office",
  skipper: "admin.roles.skipper",
  editor: "admin.roles.editor",
};

export function isStaffRoleChoice(value: unknown): value is StaffRoleChoice {
  return typeof value === "string" && (STAFF_ROLE_CHOICES as readonly string[]).includes(value);
}

export const newUserSchema = z.object({
  intent: z.literal("create"),
  name: z.string({ error: message("admin.users.nameRequired") }).trim().min(1, message("admin.users.nameRequired")).max(120, message("admin.users.nameRequired")),
  email: z
    .string({ error: message("admin.users.emailInvalid") })
    .trim()
    .max(254, message("admin.users.emailInvalid"))
    .pipe(z.email(message("admin.users.emailInvalid"))),
  password: z
    .string({ error: message("admin.users.passwordTooShort") })
    .min(ADMIN_USER_PASSWORD_MIN, message("admin.users.passwordTooShort"))
    .max(ADMIN_USER_PASSWORD_MAX, message("admin.users.passwordTooLong")),
  role: z.enum(STAFF_ROLE_CHOICES, { error: message("admin.users.roleUnknown") }).default("none"),
});

export type NewUserInput = z.infer<typeof newUserSchema>;

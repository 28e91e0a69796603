import { z } from "zod";
import type { MessageKey } from "~/i18n";

/** The new-user form of /admin/users, shared by the browser (Conform) and the action. */
export const ADMIN_USER_PASSWORD_MIN = 10;
export const ADMIN_USER_PASSWORD_MAX = 256;

const message = (key: MessageKey) => key;

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
  admin: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
});

export type NewUserInput = z.infer<typeof newUserSchema>;

import { z } from "zod";
import { fromLocalInput } from "~/lib/local-time";

/** The longest message the team can send (each language). */
export const DISRUPTION_MESSAGE_MAX = 1000;

/**
 * The admin's form to cancel or move an event date (decision 015): what happens, the new date
 * for a move (Amsterdam wall-clock, as the event form), and the message in both languages.
 * Messages are admin message keys.
 */
export const disruptionSchema = z
  .object({
    kind: z.enum(["cancelled", "moved"], { error: "admin.disruption.error.kind" }),
    newStart: z.string().trim().optional(),
    newEnd: z.string().trim().optional(),
    messageNl: z.string({ error: "admin.disruption.error.messageRequired" }).trim().min(1, "admin.disruption.error.messageRequired").max(DISRUPTION_MESSAGE_MAX, "admin.disruption.error.messageTooLong"),
    messageEn: z.string({ error: "admin.disruption.error.messageRequired" }).trim().min(1, "admin.disruption.error.messageRequired").max(DISRUPTION_MESSAGE_MAX, "admin.disruption.error.messageTooLong"),
  })
  .superRefine((value, ctx) => {
    if (value.kind !== "moved") return;
    const start = value.newStart ? fromLocalInput(value.newStart) : undefined;
    const end = value.newEnd ? fromLocalInput(value.newEnd) : undefined;
    if (!start) ctx.addIssue({ code: "custom", path: ["newStart"], message: "admin.disruption.error.dates" });
    if (!end || (start && end.getTime() <= start.getTime())) ctx.addIssue({ code: "custom", path: ["newEnd"], message: "admin.disruption.error.dates" });
  });

export const DISRUPTION_FORM_FIELDS = ["kind", "newStart", "newEnd", "messageNl", "messageEn"] as const;
export type DisruptionFormField = (typeof DISRUPTION_FORM_FIELDS)[number];

import { isMessageKey, type MessageKey } from "~/i18n";
import { fromLocalInput } from "~/lib/local-time";
import { DISRUPTION_FORM_FIELDS, disruptionSchema, type DisruptionFormField } from "~/schemas/disruption";
import type { Actor } from "@server/audit/audit.server";
import { disruptEvent, previewDisruption, type DisruptInput } from "@server/disruptions/disruptions.server";

/**
 * The staff form of /admin/events/:id/disruption (decision 015) in two steps, both plain posts
 * that work without JavaScript: `preview` (the form's button) checks the input and answers the
 * confirm step — how many participants are e-mailed, how many unpaid holds are cancelled, the new
 * date, the e-mail in Dutch and English — carrying the values in hidden fields; `confirm` runs
 * `disruptEvent` (which checks everything again, under the event's lock, and does it once: a
 * second confirm answers that it was done already); `back` returns to the form with the values.
 */

export type DisruptionValues = Record<DisruptionFormField, string>;
type FieldErrors = Partial<Record<DisruptionFormField, MessageKey>>;

export type DisruptionPreviewView = {
  kind: "cancelled" | "moved";
  notified: number;
  holds: number;
  newStart: string | null;
  newEnd: string | null;
  emails: { locale: "nl" | "en"; subject: string; text: string }[];
};

export type DisruptionActionData =
  | { step: "form"; errors?: FieldErrors; formError?: MessageKey; values?: DisruptionValues }
  | { step: "confirm"; values: DisruptionValues; preview: DisruptionPreviewView };

export type DisruptionAnswer =
  | { kind: "data"; status: number; body: DisruptionActionData }
  /** Done (or done before): the page shows the answers; `done` says which. */
  | { kind: "redirect"; done: "disrupted" | "already" }
  | { kind: "not_found" };

const INTENTS = ["preview", "confirm", "back"] as const;

function formAnswer(status: number, body: Omit<Extract<DisruptionActionData, { step: "form" }>, "step">): DisruptionAnswer {
  return { kind: "data", status, body: { step: "form", ...body } };
}

/** Runs a post of the form for event `eventId`, by `actor`. Bad input changes nothing and answers 400. */
export async function disruptionAction(form: FormData, eventId: string, actor: Actor): Promise<DisruptionAnswer> {
  const values = Object.fromEntries(DISRUPTION_FORM_FIELDS.map((k) => [k, String(form.get(k) ?? "")])) as DisruptionValues;
  const posted = String(form.get("intent") ?? "preview");
  const intent = (INTENTS as readonly string[]).includes(posted) ? (posted as (typeof INTENTS)[number]) : "preview";
  if (intent === "back") return formAnswer(200, { values });

  const parsed = disruptionSchema.safeParse({ ...values, kind: values.kind || undefined });
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as DisruptionFormField;
      if (!errors[field]) errors[field] = isMessageKey(issue.message) ? issue.message : "admin.disruption.error.kind";
    }
    return formAnswer(400, { errors, values });
  }
  const v = parsed.data;
  const input: Omit<DisruptInput, "actor"> = {
    eventId,
    kind: v.kind,
    newStart: v.kind === "moved" && v.newStart ? fromLocalInput(v.newStart) : undefined,
    newEnd: v.kind === "moved" && v.newEnd ? fromLocalInput(v.newEnd) : undefined,
    messageNl: v.messageNl,
    messageEn: v.messageEn,
  };

  const result = intent === "confirm" ? await disruptEvent({ ...input, actor }) : await previewDisruption(input);
  switch (result.outcome) {
    case "preview":
      return {
        kind: "data",
        status: 200,
        body: {
          step: "confirm",
          values,
          preview: {
            kind: v.kind,
            notified: result.notified,
            holds: result.holds,
            newStart: result.newStart?.toISOString() ?? null,
            newEnd: result.newEnd?.toISOString() ?? null,
            emails: result.emails,
          },
        },
      };
    case "disrupted":
      return { kind: "redirect", done: "disrupted" };
    case "already_disrupted":
      return { kind: "redirect", done: "already" };
    case "not_found":
      return { kind: "not_found" };
    case "bad_dates":
      return formAnswer(400, { errors: { newStart: "admin.disruption.error.dates" }, values });
    case "already_cancelled":
      return formAnswer(409, { formError: "admin.disruption.error.alreadyCancelled", values });
    case "finished":
      return formAnswer(409, { formError: "admin.disruption.error.finished", values });
  }
}

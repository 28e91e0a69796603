import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Feedback } from "~/schemas/feedback";
import { eventSchema } from "~/schemas/event";
import { translate } from "~/i18n";
import type { AdminUser } from "@server/auth/guard.server";
import { now } from "@server/clock.server";
import { db } from "@server/db/client.server";
import { readUploadForm } from "@server/storage/form.server";
import { capacityGrew, saveEvent } from "@server/events/save.server";
import { log } from "@server/log.server";
import { offerFreedPlaces } from "@server/waitlist/offers.server";

const ERROR_TITLE = "admin.uploads.errorTitle" as const;

/** Parses the (multipart) body after the size check; refusals answer 4xx with Dutch reasons. */
export async function readEventForm(request: Request) {
  const read = await readUploadForm(request);
  if (read.ok) return read;
  const feedback: Feedback = { kind: "error", title: ERROR_TITLE, message: read.status === 413 ? "admin.uploads.requestTooLarge" : "admin.uploads.badRequest" };
  return { ok: false as const, response: data({ feedback, result: null, savedId: null, intent: "save" as const }, { status: read.status }) };
}

/** Creates (no `id`) or updates an event from the admin form. */
export async function saveEventFromForm(form: FormData, admin: AdminUser, id?: string) {
  const submission = parseWithZod(form, { schema: eventSchema });
  if (submission.status !== "success") {
    const feedback: Feedback = { kind: "error", title: ERROR_TITLE, message: "admin.events.fixErrors" };
    return data({ feedback, result: submission.reply(), savedId: null, intent: "save" as const }, { status: 400 });
  }
  const saved = await saveEvent(db(), submission.value, { id, uploadedBy: admin.email, now: now() });
  if (!saved.ok) {
    const message = translate("nl", saved.error, saved.params);
    const feedback: Feedback = { kind: "error", title: ERROR_TITLE, message: saved.error, params: saved.params };
    const result = submission.reply(saved.field ? { fieldErrors: { [saved.field]: [message] } } : { formErrors: [message] });
    return data({ feedback, result, savedId: null, intent: "save" as const }, { status: saved.error === "admin.events.notFound" ? 404 : 400 });
  }
  if (saved.before && capacityGrew(saved.before, saved.event)) {
    // More places: the first in line on the waiting list get an offer. The save stands if that fails.
    await offerFreedPlaces(saved.event.id, { type: "staff", userId: admin.id }).catch((error: unknown) =>
      log.error(`Waiting-list offers after raising the capacity of event ${saved.event.id} failed`, error),
    );
  }
  const feedback: Feedback = { kind: "success", title: id ? "admin.events.updated" : "admin.events.created", params: { name: saved.event.name } };
  return data({ feedback, result: submission.reply({ resetForm: true }), savedId: saved.event.id, intent: "save" as const });
}

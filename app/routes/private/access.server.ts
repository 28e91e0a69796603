import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "react-router";
import { translate } from "~/i18n";
import { attemptUnlock } from "@server/access/attempt.server";
import { PRIVATE_PAGES, type PrivatePageKey } from "@server/access/pages.server";
import { readForm } from "@server/http/form.server";
import { log } from "@server/log.server";
import { accessCodeSchema, type AccessCodeActionData } from "~/schemas/access-code";
import { PRIVATE_PAGE_ROUTES } from "./private-page";
import { PRIVATE_HEADERS } from "./private-page.server";

/**
 * The password form's action: 303 back to the page with the unlock cookie when the code is
 * right; 200 with the page's own wrong-code message when it is not; 429 once the address has
 * tried too many wrong codes on this page.
 */
export async function accessCodeAction(request: Request, context: AppLoadContext, pageKey: PrivatePageKey) {
  const { locale, wrongCode } = PRIVATE_PAGE_ROUTES[pageKey];
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: accessCodeSchema });
  if (submission.status !== "success") {
    return data<AccessCodeActionData>({ result: submission.reply({ hideFields: ["code"] }) }, { status: 400, headers: PRIVATE_HEADERS });
  }

  let attempt: Awaited<ReturnType<typeof attemptUnlock>>;
  try {
    attempt = await attemptUnlock({ pageKey, code: submission.value.code, clientAddress: context.clientAddress, request });
  } catch (error) {
    log.error(`Access code check for ${PRIVATE_PAGES[pageKey].path} failed`, error);
    return data<AccessCodeActionData>(
      { result: submission.reply({ formErrors: [translate(locale, "error.text")], hideFields: ["code"] }) },
      { status: 503, headers: PRIVATE_HEADERS },
    );
  }

  switch (attempt.outcome) {
    case "unlocked":
      // Back to the page without the form's query (?lang=…), so a reload never re-posts. Its own
      // path, not the request's: a posted form's request may be a data request (`/arc.data`).
      return redirect(PRIVATE_PAGES[pageKey].path, { status: 303, headers: { "Set-Cookie": attempt.setCookie } });
    case "limited": {
      const minutes = Math.max(1, Math.ceil(attempt.retryAfterSeconds / 60));
      return data<AccessCodeActionData>(
        { result: submission.reply({ formErrors: [translate(locale, "private.code.tooMany", { minutes })], hideFields: ["code"] }) },
        { status: 429, headers: { ...PRIVATE_HEADERS, "Retry-After": String(attempt.retryAfterSeconds) } },
      );
    }
    case "busy":
      return data<AccessCodeActionData>(
        { result: submission.reply({ formErrors: [translate(locale, "private.code.busy")], hideFields: ["code"] }) },
        { status: 503, headers: { ...PRIVATE_HEADERS, "Retry-After": String(attempt.retryAfterSeconds) } },
      );
    case "wrong":
      // A wrong code is an expected answer, not an error: 200 with the field's message (a 4xx
      // would log an error in the visitor's browser console).
      return data<AccessCodeActionData>(
        { result: submission.reply({ fieldErrors: { code: [translate(locale, wrongCode)] }, hideFields: ["code"] }) },
        { status: 200, headers: PRIVATE_HEADERS },
      );
  }
}

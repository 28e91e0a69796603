import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { ACCESS_CODE_MAX_LENGTH } from "~/lib/access-code";


/**
 * The access-code form's one schema, for the browser and the action. No trimming: codes are
 * compared exactly. Messages are i18n keys; the form translates them.
 */
export const accessCodeSchema = z.object({
  code: z.string({ error: "private.code.required" }).min(1, "private.code.required").max(ACCESS_CODE_MAX_LENGTH),
});

/** What a page's action answers when the code was not accepted (success is a redirect). */
export type AccessCodeActionData = {
  /** Conform's reply, without the submitted code. Errors are message keys or final texts. */
  result: SubmissionResult<string[]>;
};

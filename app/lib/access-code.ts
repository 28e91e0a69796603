/**
 * What the access-code form needs without the schema (app/schemas/access-code.ts), so that zod
 * stays off a locked page's first load: the form loads the schema when the visitor turns to it.
 */

/** Longer input is never a valid code (the server's limit too). */
export const ACCESS_CODE_MAX_LENGTH = 200;

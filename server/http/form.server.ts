import { translate, type Locale, type MessageKey } from "~/i18n";
import { requestLocale } from "~/i18n/locale.server";
import { log } from "../log.server";
import { FORM_BODY_MAX_BYTES } from "./limits.server";

export type RefusalStatus = 400 | 403 | 413 | 415;

const MESSAGE: Record<RefusalStatus, MessageKey> = {
  400: "errors.badRequest",
  403: "errors.crossOrigin",
  413: "errors.tooLarge",
  415: "errors.unsupportedType",
};

/** A short plain-text answer in the visitor's language (never a stack, never the input). */
export function refusal(locale: Locale, status: RefusalStatus, headers: Record<string, string> = {}): Response {
  return new Response(`${translate(locale, MESSAGE[status])}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

/** One log line for a refused request: method and path only (no query, no body, no address). */
export function logRefusal(status: RefusalStatus | 401 | 405, method: string, pathname: string, why: string): void {
  // Paths may hold control characters or be huge: print them escaped and short.
  const shown = JSON.stringify(pathname.length > 120 ? `${pathname.slice(0, 120)}…` : pathname);
  log.warn(`Refused ${method} ${shown} with ${status}: ${why}`);
}

/** The content types a browser form is sent with. Everything else is not a form. */
export function isFormContentType(contentType: string | null | undefined): boolean {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  return type === "application/x-www-form-urlencoded" || type === "multipart/form-data";
}

/**
 * PostgreSQL cannot store a NUL character in text: one in a field would fail the query (a 500).
 * No form field has a use for one.
 */
export function hasNullByte(value: string): boolean {
  return value.includes("\0");
}

/** Whether any field name, text value or file name of the form holds a NUL character. */
export function formHasNullByte(form: FormData | URLSearchParams): boolean {
  for (const [name, value] of form.entries()) {
    if (hasNullByte(name)) return true;
    if (typeof value === "string" ? hasNullByte(value) : hasNullByte(value.name)) return true;
  }
  return false;
}

/** Reads a body stream, stopping as soon as it passes `maxBytes` (never holding more). */
async function readLimited(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | "tooLarge"> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      return "tooLarge";
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * A form body parsed as its content type says: a URL-encoded one with `URLSearchParams` (what
 * Fetch's `formData()` does, without building a Response for it), multipart through Fetch. The
 * problem instead when it does not parse or holds a NUL character.
 */
export async function parseFormBody(body: Uint8Array, contentType: string): Promise<{ form: FormData | URLSearchParams } | { problem: string }> {
  let form: FormData | URLSearchParams;
  try {
    form = /^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType)
      ? new URLSearchParams(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8"))
      : await new Response(new Uint8Array(body), { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return { problem: "form body does not parse" };
  }
  return formHasNullByte(form) ? { problem: "NUL character in a form field" } : { form };
}

/**
 * Forms parsed and checked in front of React Router (`server/http/handler.server.ts`), by the
 * request it hands on: actions get that same Request (decision 036), so `readForm` answers with
 * the parsed form instead of reading and parsing the body a second time (the registration post,
 * the site's busiest, paid for both). Taken out when read: a second `readForm` of the request
 * parses its body, still unread, as before.
 */
const checkedForms = new WeakMap<Request, FormData | URLSearchParams>();

/** The request checks: `request`'s body is this form, already checked (size, type, parse, NUL). */
export function rememberCheckedForm(request: Request, form: FormData | URLSearchParams): void {
  checkedForms.set(request, form);
}

function asFormData(form: FormData | URLSearchParams): FormData {
  if (form instanceof FormData) return form;
  const formData = new FormData();
  for (const [name, value] of form) formData.append(name, value);
  return formData;
}

/**
 * An action's form, or a thrown short answer in the visitor's language: 415 for a body that is
 * not a form (JSON, text), 413 over `maxBytes`, 400 for a body that does not parse (broken
 * multipart) or holds a NUL character. Use it instead of `request.formData()`, which throws a
 * TypeError (a 500) on all of these. Behind the request checks the form is already parsed and
 * checked: it is handed over as it is (`maxBytes` was the route's limit there).
 */
export async function readForm(request: Request, options: { maxBytes?: number } = {}): Promise<FormData> {
  const checked = checkedForms.get(request);
  if (checked) {
    checkedForms.delete(request);
    return asFormData(checked);
  }
  const maxBytes = options.maxBytes ?? FORM_BODY_MAX_BYTES;
  const refuse = async (status: RefusalStatus, why: string) => {
    logRefusal(status, request.method, new URL(request.url).pathname, why);
    return refusal(await requestLocale(request), status);
  };
  const contentType = request.headers.get("content-type");
  if (!isFormContentType(contentType)) throw await refuse(415, `not a form (${JSON.stringify(contentType?.slice(0, 60) ?? "no content type")})`);
  const declared = request.headers.get("content-length");
  if (declared !== null && !(Number(declared) <= maxBytes)) throw await refuse(413, `declared ${declared.slice(0, 20)} bytes, over ${maxBytes}`);
  const bytes = request.body ? await readLimited(request.body, maxBytes) : new Uint8Array(0);
  if (bytes === "tooLarge") throw await refuse(413, `body over ${maxBytes} bytes`);
  const parsed = await parseFormBody(bytes, contentType ?? "");
  if ("problem" in parsed) throw await refuse(400, parsed.problem);
  return asFormData(parsed.form);
}

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
 * An action's form, or a thrown short answer in the visitor's language: 415 for a body that is
 * not a form (JSON, text), 413 over `maxBytes`, 400 for a body that does not parse (broken
 * multipart) or holds a NUL character. Use it instead of `request.formData()`, which throws a
 * TypeError (a 500) on all of these.
 */
export async function readForm(request: Request, options: { maxBytes?: number } = {}): Promise<FormData> {
  const maxBytes = options.maxBytes ?? FORM_BODY_MAX_BYTES;
  const path = new URL(request.url).pathname;
  const locale = await requestLocale(request);
  const refuse = (status: RefusalStatus, why: string) => {
    logRefusal(status, request.method, path, why);
    return refusal(locale, status);
  };
  const contentType = request.headers.get("content-type");
  if (!isFormContentType(contentType)) throw refuse(415, `not a form (${JSON.stringify(contentType?.slice(0, 60) ?? "no content type")})`);
  const declared = request.headers.get("content-length");
  if (declared !== null && !(Number(declared) <= maxBytes)) throw refuse(413, `declared ${declared.slice(0, 20)} bytes, over ${maxBytes}`);
  const bytes = request.body ? await readLimited(request.body, maxBytes) : new Uint8Array(0);
  if (bytes === "tooLarge") throw refuse(413, `body over ${maxBytes} bytes`);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "Content-Type": contentType ?? "" } }).formData();
  } catch {
    throw refuse(400, "form body does not parse");
  }
  if (formHasNullByte(form)) throw refuse(400, "NUL character in a form field");
  return form;
}

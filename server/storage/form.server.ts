import { FORM_MAX_BYTES } from "./limits.server";

export type FormRead = { ok: true; form: FormData } | { ok: false; status: 400 | 413 };

/**
 * The body of an admin form with files. Checked against the limit before parsing: by the
 * Content-Length the browser sends, and — for a body without one — by counting while reading,
 * so an oversized request is refused without being held in memory.
 */
export async function readUploadForm(request: Request, maxBytes = FORM_MAX_BYTES): Promise<FormRead> {
  const declared = request.headers.get("content-length");
  if (declared !== null) {
    const length = Number(declared);
    if (!Number.isFinite(length) || length < 0) return { ok: false, status: 400 };
    if (length > maxBytes) return { ok: false, status: 413 };
  }
  let source = request;
  let exceeded = false;
  if (declared === null && request.body) {
    let seen = 0;
    const limiter = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) {
          exceeded = true;
          controller.error(new Error("request body too large"));
          return;
        }
        controller.enqueue(chunk);
      },
    });
    source = new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body.pipeThrough(limiter),
      duplex: "half",
    } as RequestInit);
  }
  try {
    return { ok: true, form: await source.formData() };
  } catch {
    return { ok: false, status: exceeded ? 413 : 400 };
  }
}

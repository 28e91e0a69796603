import { testContext } from "../support/forms";
import { withCookie } from "./admin-fixtures";

/** Calls a route loader or action as React Router would; a thrown Response is returned. */
export async function call(fn: (args: never) => unknown, request: Request, params: Record<string, string> = {}): Promise<unknown> {
  try {
    return await fn({ request, params, context: testContext() } as never);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

type DataResult<T> = { status: number; data: T };

/** The status and data of an action's answer, whether a plain object or `data(..., init)`. */
export function unwrap<T = Record<string, unknown>>(result: unknown): DataResult<T> {
  if (result instanceof Response) throw new Error(`expected data, got a Response ${result.status}`);
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: T; init: ResponseInit | null };
    return { status: init?.status ?? 200, data };
  }
  return { status: 200, data: result as T };
}

export type UploadPart = { field: string; bytes: Buffer; name: string; type: string };

/** A multipart POST as the browser sends the form (fields and files), with the admin's cookie. */
export function multipartRequest(url: string, cookie: string | undefined, fields: Record<string, string>, files: UploadPart[] = [], headers: Record<string, string> = {}): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(file.field, new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  const init: RequestInit = { method: "POST", body: form, headers };
  return cookie ? withCookie(url, cookie, init) : new Request(new URL(url, "http://localhost").toString(), init);
}

/** A urlencoded POST (the list pages' small forms), with the admin's cookie. */
export function postForm(url: string, cookie: string | undefined, fields: Record<string, string | string[]>): Request {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  const init: RequestInit = { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } };
  return cookie ? withCookie(url, cookie, init) : new Request(new URL(url, "http://localhost").toString(), init);
}

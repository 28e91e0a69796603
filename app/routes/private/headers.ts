import type { HeadersArgs } from "react-router";

/**
 * Document headers of the private pages: the loader's and the action's (Cache-Control,
 * Retry-After on a 429). React Router adds their cookies itself.
 */
export function privatePageHeaders({ parentHeaders, loaderHeaders, actionHeaders }: HeadersArgs): Headers {
  const headers = new Headers(parentHeaders);
  for (const source of [loaderHeaders, actionHeaders]) {
    source.forEach((value, name) => {
      if (name.toLowerCase() !== "set-cookie") headers.set(name, value);
    });
  }
  return headers;
}

/** After a refused code the page's data has not changed: keep the form (and its error) as it is. */
export function skipRevalidationAfterRefusal({
  actionStatus,
  actionResult,
  defaultShouldRevalidate,
}: {
  actionStatus?: number;
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}): boolean {
  if (actionStatus !== undefined && actionStatus >= 400) return false;
  // A wrong code answers 200 with the form's reply (an expected answer, not an error): the page
  // is still locked, so there is nothing to reload either.
  if (actionResult && typeof actionResult === "object" && "result" in actionResult) return false;
  return defaultShouldRevalidate;
}

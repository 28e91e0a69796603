import { Suspense, use, type ReactNode } from "react";

/**
 * The private pages render fully on the server (statuses and all). On a client-side navigation
 * their clientLoader hands over `{ pending }` at once instead, so the page shows its loading
 * state while the server answers, as the spec's loading texts describe.
 */
export type MaybePending<T> = T | { pending: Promise<T> };

function isPending<T>(data: MaybePending<T>): data is { pending: Promise<T> } {
  return typeof data === "object" && data !== null && "pending" in data;
}

function Resolved<T>({ data, children }: { data: MaybePending<T>; children: (data: T) => ReactNode }) {
  const resolved = isPending(data) ? use(data.pending) : data;
  return <>{children(resolved)}</>;
}

export function Deferred<T>({ data, fallback, children }: { data: MaybePending<T>; fallback: ReactNode; children: (data: T) => ReactNode }) {
  // Server data is rendered as is. A Suspense boundary around it would let React stream a large
  // page as "fallback now, content later", which a browser without JavaScript never swaps in.
  if (!isPending(data)) return <>{children(data)}</>;
  return (
    <Suspense fallback={fallback}>
      <Resolved data={data}>{children}</Resolved>
    </Suspense>
  );
}

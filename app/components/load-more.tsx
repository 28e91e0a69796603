import { useEffect, useRef, type RefObject } from "react";
import { Link, useNavigation } from "react-router";
import { cn } from "~/lib/utils";

/**
 * Long lists (news, calendar) come in pages: `?page=N` renders the first N pages, so the
 * 'Load more' link works without JavaScript (the server sends the longer list) and a reload or
 * a shared link shows the same list. Pages past `MAX_LIST_PAGE` are not served in one go: a list
 * that long costs the server too much per request.
 */
export const MAX_LIST_PAGE = 25;

/** The page asked for: a whole number from 1 to MAX_LIST_PAGE (anything else reads as 1 or the cap). */
export function listPage(searchParams: URLSearchParams): number {
  const page = Number.parseInt(searchParams.get("page") ?? "", 10);
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(page, MAX_LIST_PAGE);
}

/**
 * A 'Load more' link to the next page. With JavaScript React Router loads it in place: the
 * cards already shown stay (keyed), the new ones are appended, the URL follows, and focus moves
 * to the first new card's link (`itemSelector` inside `listRef`), so keyboard and screen-reader
 * users continue where the new items start. Without JavaScript it is an ordinary link; its
 * fragment scrolls to the first new card.
 */
export function LoadMore({
  href,
  label,
  loadingLabel,
  itemCount,
  listRef,
  itemSelector,
  testId,
}: {
  href: string;
  label: string;
  loadingLabel: string;
  itemCount: number;
  listRef: RefObject<HTMLElement | null>;
  itemSelector: string;
  testId?: string;
}) {
  const navigation = useNavigation();
  const focusFrom = useRef<number | null>(null);
  const loading = navigation.state === "loading" && focusFrom.current !== null;

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || itemCount <= from) return;
    focusFrom.current = null;
    const first = listRef.current?.querySelectorAll<HTMLElement>(itemSelector)[from];
    first?.focus();
  }, [itemCount, listRef, itemSelector]);

  return (
    <div className="mt-10 flex justify-center">
      <Link
        to={href}
        preventScrollReset
        onClick={() => {
          focusFrom.current = itemCount;
        }}
        aria-disabled={loading || undefined}
        data-testid={testId}
        className={cn(
          "inline-flex h-11 items-center justify-center gap-2 rounded-md border border-navy-900 bg-white px-6 text-sm font-semibold text-navy-900 hover:transition-colors focus-visible:transition-colors hover:bg-foam-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
          loading && "pointer-events-none opacity-70",
        )}
      >
        {loading ? loadingLabel : label}
      </Link>
      <span className="sr-only" aria-live="polite">
        {loading ? loadingLabel : ""}
      </span>
    </div>
  );
}

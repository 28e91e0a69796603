/**
 * Where focus goes when a route dialog closes. The dialogs open by navigation (a shared link or a
 * card's link), so Radix has no trigger to return to: focus the element that opened it (the card
 * link marked `data-<kind>-opener="<slug>"`), else the page's main heading. Runs after the close
 * navigation has rendered.
 */
export function returnFocus(kind: "event" | "article", slug: string): void {
  const attempt = (triesLeft: number) => {
    const opener = document.querySelector<HTMLElement>(`[data-${kind}-opener="${CSS.escape(slug)}"]`);
    const heading = document.querySelector<HTMLElement>("main h1");
    const target = opener ?? heading;
    if (!target) {
      if (triesLeft > 0) window.setTimeout(() => attempt(triesLeft - 1), 50);
      return;
    }
    if (target === heading && !heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
    // A close that navigated may have moved focus to <body> after us: try once more.
    window.setTimeout(() => {
      if (document.activeElement === document.body && triesLeft > 0) attempt(triesLeft - 1);
    }, 60);
  };
  window.setTimeout(() => attempt(10), 0);
}

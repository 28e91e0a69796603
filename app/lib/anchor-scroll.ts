/**
 * In-page anchors (`<a href="#news">`) scroll smoothly; route changes jump (the root has no
 * `scroll-behavior: smooth`), and nothing animates with `prefers-reduced-motion`. Focus moves to
 * the section so keyboard users continue from there. Returns the listener's cleanup.
 */
export function installAnchorScroll(doc: Document = document): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.("a[href^='#']");
    if (!(anchor instanceof HTMLAnchorElement)) return;
    const id = decodeURIComponent(anchor.hash.slice(1));
    const target = id ? doc.getElementById(id) : null;
    if (!target) return;
    event.preventDefault();
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
    if (window.location.hash !== anchor.hash) window.history.pushState(window.history.state, "", anchor.hash);
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  };
  doc.addEventListener("click", onClick);
  return () => doc.removeEventListener("click", onClick);
}

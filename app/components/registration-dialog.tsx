import { lazy, Suspense, useEffect, useState } from "react";
import type * as DialogModule from "./registration-dialog-content";
import type { RegistrationDialogProps } from "./registration-dialog-content";

export type { RegistrationDialogProps } from "./registration-dialog-content";

let dialogModule: Promise<typeof DialogModule> | undefined;

/** Loads the dialog's code (form, waiver, Radix dialog, validation) once; again after a failure. */
export function preloadRegistrationDialog(): Promise<typeof DialogModule> {
  return (dialogModule ??= import("./registration-dialog-content").catch((error: unknown) => {
    dialogModule = undefined;
    throw error;
  }));
}

const LazyContent = lazy(() => preloadRegistrationDialog().then((module) => ({ default: module.RegistrationDialogContent })));

/**
 * The registration dialog (a Radix dialog: focus trap, Escape closes). Used by the calendar's
 * event dialog and by the private event pages; `note` adds a line above the amount due, e.g.
 * "Volledige betaling van €175 vereist bij inschrijving".
 *
 * Its code (the form, Conform and Zod, the waiver text, the Radix dialog) is not part of the
 * page: it loads when the visitor shows intent (pointer over or focus on the button that opens
 * it, `returnFocusTo`) or at the latest when the dialog first opens. The button is a link to the
 * registration page, which works without JavaScript.
 */
export function RegistrationDialog(props: RegistrationDialogProps) {
  const { open, returnFocusTo } = props;
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);

  useEffect(() => {
    const opener = returnFocusTo?.current;
    if (!opener || wanted) return;
    const preload = () => void preloadRegistrationDialog().catch(() => undefined);
    opener.addEventListener("pointerenter", preload, { once: true });
    opener.addEventListener("focus", preload, { once: true });
    opener.addEventListener("touchstart", preload, { once: true, passive: true });
    return () => {
      opener.removeEventListener("pointerenter", preload);
      opener.removeEventListener("focus", preload);
      opener.removeEventListener("touchstart", preload);
    };
  }, [returnFocusTo, wanted]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyContent {...props} />
    </Suspense>
  );
}

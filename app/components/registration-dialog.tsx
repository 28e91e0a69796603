import { useEffect, useState } from "react";
import { lazyPart, preloadOnIntent } from "~/lib/load-on-intent";
import type { RegistrationDialogProps } from "./registration-dialog-content";

export type { RegistrationDialogProps } from "./registration-dialog-content";

/** The dialog's code (form, waiver, Radix dialog, validation): loaded once, again after a failure. */
const { preload: preloadRegistrationDialog, Part: Content } = lazyPart(() => import("./registration-dialog-content").then((module) => module.RegistrationDialogContent));

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
    return preloadOnIntent(opener, preloadRegistrationDialog);
  }, [returnFocusTo, wanted]);

  return wanted ? <Content {...props} /> : null;
}

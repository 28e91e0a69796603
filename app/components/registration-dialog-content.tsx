import { EventWhenWhere } from "./event-when-where";
import type { ReactNode, RefObject } from "react";
import { useI18n } from "~/i18n";
import "~/i18n/booking";
import type { EventView } from "~/lib/events";
import { RegistrationForm } from "./registration-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "./ui/dialog";

export type RegistrationDialogProps = {
  event: EventView;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** What opened the dialog: focus goes back there when it closes (also when it opened by itself). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  note?: ReactNode;
  /** The server's clock from the page's loader (APP_NOW-aware), for the amount due. */
  now?: string | Date;
};

/**
 * The registration dialog itself (a Radix dialog: focus trap, Escape closes), with the form and
 * the waiver. Pages use `RegistrationDialog` from ./registration-dialog, which loads this module
 * on intent or when the dialog first opens.
 */
export function RegistrationDialogContent({ event, open, onOpenChange, note, now, returnFocusTo }: RegistrationDialogProps) {
  const { t } = useI18n();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-2xl gap-0 p-0 [&>button:last-child]:text-white"
        onCloseAutoFocus={(e) => {
          const target = returnFocusTo?.current;
          if (!target || !target.isConnected) return;
          e.preventDefault();
          target.focus();
        }}
      >
        <DialogHeader className="border-b bg-navy-900 px-6 py-5 text-white">
          <p className="text-xs font-semibold uppercase tracking-widest text-signal-500">{t("booking.standalone.kicker")}</p>
          <DialogTitle className="font-display text-3xl font-bold uppercase text-white">{t(event.requiresApproval ? "booking.application.formTitle" : "booking.form.title", { event: event.name })}</DialogTitle>
          {/* The classes go on the description itself, so its default muted colour is replaced
              (on the navy band it would be 2.8:1). */}
          <DialogDescription asChild className="text-sm text-foam-200">
            <EventWhenWhere event={event} spacing="tight" />
          </DialogDescription>
        </DialogHeader>
        <div className="px-6 pb-6 pt-5">
          <RegistrationForm event={event} now={now} note={note} headingLevel={3} />
        </div>
      </DialogContent>
    </Dialog>
  );
}

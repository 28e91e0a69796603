import { useState, type ReactNode } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";

/** The field a confirmed destructive submission carries; actions refuse to act without it. */
export const CONFIRMED_FIELD = "confirmed";

type ConfirmTexts = { title: string; description: ReactNode; confirmLabel: string; cancelLabel: string };

/**
 * A submit button for a destructive action that asks first, in a Radix dialog (focus trapped,
 * Escape cancels). Both buttons submit the form named by `formId` (which holds the intent);
 * only the dialog's adds `confirmed=yes`. Without JavaScript the first button submits
 * unconfirmed and the action answers with a confirmation step instead (see `InlineConfirm`).
 */
export function ConfirmSubmit({
  formId,
  children,
  triggerProps,
  texts,
}: {
  formId: string;
  children: ReactNode;
  triggerProps?: ButtonProps;
  texts: ConfirmTexts;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        type="submit"
        form={formId}
        {...triggerProps}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </Button>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription className="text-base text-slate-700">{texts.description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {texts.cancelLabel}
            </Button>
          </DialogClose>
          <Button
            type="submit"
            form={formId}
            name={CONFIRMED_FIELD}
            value="yes"
            variant="destructive"
            // Closed after the click: the form must see this button as its submitter first.
            onClick={() => setTimeout(() => setOpen(false), 0)}
          >
            {texts.confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The confirmation step for a browser without JavaScript: the action asked, this form answers.
 * `hidden` carries what the first submission sent (ids).
 */
export function InlineConfirm({ intent, hidden, texts }: { intent: string; hidden: Record<string, string | string[]>; texts: ConfirmTexts }) {
  return (
    <form method="post" role="alertdialog" aria-labelledby="inline-confirm-title" className="grid gap-3 rounded-xl border-2 border-destructive/50 bg-white p-5 shadow-sm">
      <h2 id="inline-confirm-title" className="text-2xl font-bold uppercase text-navy-900">
        {texts.title}
      </h2>
      <p className="text-slate-700">{texts.description}</p>
      {Object.entries(hidden).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value]).map((v) => <input key={`${name}-${v}`} type="hidden" name={name} value={v} />),
      )}
      <input type="hidden" name="intent" value={intent} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name={CONFIRMED_FIELD} value="yes" variant="destructive">
          {texts.confirmLabel}
        </Button>
        <a href="" className="inline-flex h-10 items-center rounded-md border border-input px-4 text-sm font-semibold hover:bg-accent">
          {texts.cancelLabel}
        </a>
      </div>
    </form>
  );
}

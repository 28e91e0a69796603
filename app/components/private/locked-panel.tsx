import { LockKeyhole } from "lucide-react";
import { AccessCodeForm } from "~/components/access-code-form";
import { useI18n } from "~/i18n";
import type { AccessCodeActionData } from "~/schemas/access-code";
import "~/i18n/private";

/** What a private page shows until it is unlocked: why it is closed, and the password form. */
export function LockedPanel({
  text,
  actionData,
  showToggle = false,
}: {
  text: string;
  actionData: AccessCodeActionData | undefined;
  showToggle?: boolean;
}) {
  const { t } = useI18n();
  return (
    <div className="mx-auto w-full max-w-md">
      <section aria-labelledby="locked-title" className="rounded-xl border bg-white p-6 shadow-xl shadow-navy-900/5 sm:p-8" data-testid="locked">
        <span className="mb-5 inline-flex size-12 items-center justify-center rounded-full bg-navy-900 text-signal-500">
          <LockKeyhole className="size-6" aria-hidden />
        </span>
        <h2 id="locked-title" className="text-3xl font-bold uppercase leading-tight text-navy-900">
          {t("private.locked.title")}
        </h2>
        <p className="mb-6 mt-2 text-muted-foreground">{text}</p>
        <AccessCodeForm actionData={actionData} showToggle={showToggle} />
      </section>
    </div>
  );
}

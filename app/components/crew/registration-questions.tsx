import { ShieldCheck } from "lucide-react";
import { useI18n } from "~/i18n";
import "~/i18n/crew";
import { formatDate } from "~/lib/dates";
import { CREW_FIELDS, registrationAnswerName, type CrewField, type RegistrationAnswerErrors, type RegistrationQuestions } from "~/schemas/crew-place";
import { CrewAnswerFields } from "./answer-fields";

/**
 * The crew-file items an event asks on its registration (or application) form (issue 27): the
 * booker's own answers when they sail, named `crew:<item id>:<field>` and checked by the server
 * with the participant page's rules. A file item is not asked here (the form posts no files): it
 * is named as one to upload on the participant's own page after booking.
 */
export function RegistrationQuestionsFields({
  questions,
  errors,
  posted,
  others,
}: {
  questions: RegistrationQuestions;
  /** The server's refusals per item (after a post). */
  errors?: RegistrationAnswerErrors;
  /** What was posted, by field name, when the page was rendered again after a refusal (no JavaScript). */
  posted?: (name: string) => string | string[] | undefined;
  /** Other participants are booked too: they answer on their own page. */
  others: boolean;
}) {
  const { t, locale } = useI18n();
  const asked = questions.items.filter((q) => q.kind !== "file");
  const files = questions.items.filter((q) => q.kind === "file");
  return (
    <fieldset className="grid gap-4" data-testid="registration-questions">
      <legend className="mb-3 w-full border-b pb-1 font-display text-lg font-semibold uppercase tracking-wide text-ocean-700">
        {t("crew.registration.title")}
      </legend>
      <p className="text-sm text-slate-700">{t("crew.registration.intro")}</p>
      {asked.map((question) => {
        const base = `registration-crew-${question.id}`;
        const values: Partial<Record<CrewField, string | string[]>> | undefined = posted
          ? Object.fromEntries(
              Object.values(CREW_FIELDS).flatMap((field) => {
                const value = posted(registrationAnswerName(question.id, field));
                return value === undefined ? [] : [[field, value]];
              }),
            )
          : undefined;
        return (
          <div
            key={question.id}
            role="group"
            aria-labelledby={`${base}-label`}
            className="grid gap-3 rounded-lg border border-ocean-700/15 p-4"
            data-testid="registration-question"
          >
            <div>
              <p id={`${base}-label`} className="font-semibold text-navy-900">
                {question.label}
                <span className="ml-2 text-xs font-normal text-slate-700">({t(question.required ? "crew.required" : "crew.optional")})</span>
              </p>
              {question.help && <p className="mt-1 text-sm text-slate-700">{question.help}</p>}
              <p className="mt-1 text-xs text-slate-700">
                {t("crew.registration.by", {
                  date: formatDate(`${question.lastDay}T12:00:00Z`, locale),
                })}
              </p>
              {question.health && (
                <p className="mt-2 flex gap-2 text-xs text-slate-700">
                  <ShieldCheck className="size-4 shrink-0 text-ocean-700" aria-hidden />
                  {t("crew.health", { days: questions.healthRetentionDays })}
                </p>
              )}
            </div>
            <CrewAnswerFields
              item={question}
              base={base}
              countries={questions.countries}
              answer={null}
              posted={values && Object.keys(values).length > 0 ? values : undefined}
              errors={errors?.[question.id]}
              name={(field) => registrationAnswerName(question.id, field)}
              optional={!question.required}
            />
          </div>
        );
      })}
      {files.length > 0 && (
        <p className="text-sm text-slate-700">
          {t("crew.registration.filesLater", {
            items: files.map((f) => f.label).join(", "),
          })}
        </p>
      )}
      {others && <p className="text-sm text-slate-700">{t("crew.registration.others")}</p>}
    </fieldset>
  );
}

import { FormProvider, getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ChevronDown, CircleAlert, Info, Lock } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/toaster";
import { useI18n, type Translator } from "~/i18n";
import "~/i18n/booking";
import { amountDue, cancellationNotice, participantDeadline } from "~/lib/booking";
import { formatAmount } from "~/lib/money-format";
import { formatDate } from "~/lib/dates";
import { dayInstant, teamDay } from "~/lib/local-time";
import type { EventView } from "~/lib/events";
import {
  REGISTRATION_LIMITS,
  REQUIRED_FIELDS,
  SAILING_BOOKER_FIELDS,
  registrationErrorSummary,
  registrationSchema,
  type RegistrationErrors,
} from "~/schemas/registration";
import { cn } from "~/lib/utils";
import type { RegisterActionData, RegistrationInput } from "~/schemas/registration";
import { Button } from "./ui/button";
import { Label } from "./ui/label";
import { Textarea } from "./ui/textarea";
import { fieldMessage, TextField } from "./text-field";
import { WaiverText } from "./waiver-text";
import { ParticipantFields } from "./booking/participant-fields";
import { PlacesFields } from "./booking/places-fields";
import { RegistrationQuestionsFields } from "./crew/registration-questions";

/** Where the form posts: a real route, so it works without JavaScript too. */
export function registerPath(slug: string): string {
  return `/events/${encodeURIComponent(slug)}/register`;
}

/** True once React runs in the browser; before that the form must work as plain HTML. */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Whether every field the schema requires has something in it: the booker's, their own details
 * as a participant only when they sail, and each other participant's name and e-mail address.
 * Read from what the form would post (a hidden, disabled block posts nothing).
 */
function allRequiredFilled(form: HTMLFormElement): boolean {
  const data = new FormData(form);
  const filled = (name: string) => String(data.get(name) ?? "").trim() !== "";
  const sails = data.get("bookerSails") !== "no";
  const places = Math.max(1, Number(data.get("places") ?? 1) || 1);
  const others = places - (sails ? 1 : 0);
  const sailingOnly = new Set<string>(SAILING_BOOKER_FIELDS);
  const bookerFilled = REQUIRED_FIELDS.every((name) => (!sails && sailingOnly.has(name)) || filled(name));
  const participantsFilled = Array.from({ length: others }, (_, i) => filled(`participants[${i}].name`) && filled(`participants[${i}].email`)).every(Boolean);
  // A company booking names its company.
  const companyFilled = data.get("asCompany") !== "on" || filled("companyName");
  return bookerFilled && participantsFilled && companyFilled && data.get("termsAccepted") === "on";
}

/** The events table's defaults (decision 042), for a view built without the fields. */
const DEFAULT_MAX_PLACES_PER_BOOKING = 8;
const DEFAULT_PARTICIPANT_DEADLINE_DAYS = 7;

/** The most places this form offers: the event's maximum per booking, the places left, and an offer's places, at least 1. */
function placesMax(event: EventView, offerPlaces: number | undefined): { max: number; limitedBy: "booking" | "left" } {
  const perBooking = event.maxPlacesPerBooking ?? DEFAULT_MAX_PLACES_PER_BOOKING;
  const left = Math.min(event.placesLeft ?? Number.POSITIVE_INFINITY, offerPlaces ?? Number.POSITIVE_INFINITY);
  const max = Math.max(1, Math.min(perBooking, left));
  return { max, limitedBy: left < perBooking ? "left" : "booking" };
}

/** A posted value of the form as the action answered it (its `initialValue`), when it was text. */
function postedText(result: RegisterActionData | undefined, name: string): string | undefined {
  const value = (result?.result.initialValue as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === "string" ? value : undefined;
}

/** A posted value of the form (text, or the several values of a checkbox group). */
function postedValue(result: RegisterActionData | undefined, name: string): string | string[] | undefined {
  const value = (result?.result.initialValue as Record<string, unknown> | null | undefined)?.[name];
  if (typeof value === "string") return value;
  return Array.isArray(value) && value.every((v) => typeof v === "string") ? (value as string[]) : undefined;
}

function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-3 w-full border-b pb-1 font-display text-lg font-semibold uppercase tracking-wide text-ocean-700">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** The price line, what cancelling gives back and "what happens next", from the same rules the server charges and refunds by. */
export function AmountDueSummary({
  event,
  now,
  note,
  headingLevel = 3,
  places = 1,
}: {
  event: EventView;
  now: Date;
  note?: ReactNode;
  headingLevel?: 2 | 3;
  /** The places of the booking: the price, deposit and balance are all of them together. */
  places?: number;
}) {
  const { t, locale } = useI18n();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const due = amountDue(event, now, places);
  const day = (value: string) => formatDate(dayInstant(value).toISOString(), locale);
  const policy = due.priceCents > 0 ? cancellationNotice(event, now) : null;
  const policyEnded = policy?.key === "booking.policy.ended" || policy?.key === "booking.policy.endedPartial";
  // An event that requires approval (decision 045): nothing is paid now; the amount is what
  // approval will ask (recomputed then).
  const apply = event.requiresApproval === true;
  return (
    <section aria-labelledby={`${event.slug}-amount`} className="rounded-lg border border-ocean-700/15 bg-foam-100 p-4 text-sm text-navy-900">
      {note && <div className="mb-3 font-medium">{note}</div>}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading id={`${event.slug}-amount`} className="font-display text-base font-semibold uppercase tracking-wide text-ocean-700">
          {t(apply ? "booking.application.amountTitle" : "booking.amount.title")}
        </Heading>
        <p className="text-2xl font-bold" data-testid="amount-due">
          {due.priceCents === 0 ? t("booking.amount.free") : formatAmount(due.amountDueCents, locale)}
        </p>
      </div>
      {apply && (
        <p className="mt-1 font-semibold text-navy-900" data-testid="amount-apply">
          {t("booking.application.payLater")}
        </p>
      )}
      {due.places > 1 && due.priceCents > 0 && (
        <p className="mt-1 font-medium text-navy-900" data-testid="amount-places">
          {t("booking.amount.places", { places: due.places, price: formatAmount(due.placePriceCents, locale), total: formatAmount(due.priceCents, locale) })}
        </p>
      )}
      {due.kind !== "free" && (
        <p className="mt-1 text-slate-700" data-testid="amount-kind">
          {due.balanceDueNow
            ? t(teamDay(now) === due.balanceDueDay ? "booking.amount.balanceDueToday" : "booking.amount.balanceDuePast", { date: day(due.balanceDueDay) })
            : due.kind === "full"
              ? t("booking.amount.full")
              : t("booking.amount.deposit", { percent: due.depositPercent, price: formatAmount(due.priceCents, locale) })}
        </p>
      )}
      {due.earlyBirdApplied && event.earlyBirdUntil && (
        <p className="mt-1 text-slate-700">
          {t("booking.amount.earlyBird", {
            percent: event.earlyBirdPercent ?? 0,
            date: formatDate(event.earlyBirdUntil, locale),
            price: formatAmount(due.priceCents, locale),
            original: formatAmount(due.originalPriceCents, locale),
          })}
        </p>
      )}
      {due.balanceCents > 0 && (
        <p className="mt-1 text-slate-700" data-testid="amount-balance">
          {t("booking.amount.balance", { amount: formatAmount(due.balanceCents, locale), date: day(due.balanceDueDay) })}
        </p>
      )}
      {policy && (
        <>
          <Heading className="mt-3 font-sans text-sm font-semibold">{t("booking.policy.title")}</Heading>
          <p className={cn("mt-1 flex gap-2", policyEnded ? "font-semibold text-navy-900" : "text-slate-700")} data-testid="cancellation-policy">
            {policyEnded && <CircleAlert className="mt-0.5 size-4 shrink-0 text-signal-700" aria-hidden />}
            <span>{t(policy.key, { date: day(policy.lastDay), from: day(policy.firstDayWithout), percent: policy.percent })}</span>
          </p>
        </>
      )}
      <Heading className="mt-3 font-sans text-sm font-semibold">{t("booking.next.title")}</Heading>
      <p className="mt-1 text-slate-700">
        {apply
          ? t("booking.application.next")
          : due.places > 1
          ? t(due.kind === "free" ? "booking.next.freePlaces" : "booking.next.paidPlaces")
          : t(due.kind === "free" ? "booking.next.free" : "booking.next.paid")}
      </p>
    </section>
  );
}

/**
 * The registration form: a real `<form method="post">` to `/events/<slug>/register`. With
 * JavaScript it validates as you type, keeps submit disabled until it can succeed, posts with a
 * fetcher and follows the action's redirect to the checkout; without, the server answers.
 */
export function RegistrationForm({
  event,
  now,
  note,
  initialResult,
  headingLevel = 3,
  offerToken,
  defaultValue,
}: {
  event: EventView;
  /** The server's clock (from a loader), so the amount shown is the amount charged; else the browser's. */
  now?: string | Date;
  note?: ReactNode;
  /** The action's answer when the page itself was rendered after a failed post (no JavaScript). */
  initialResult?: RegisterActionData;
  /** Level of the form's own headings (the amount due); the waiver's parts sit one below. */
  headingLevel?: 2 | 3;
  /**
   * A waiting-list offer's token: the form posts to the offer's page (`/waitlist/offer/<token>`,
   * which re-renders itself after a failed post without JavaScript) and carries the token in a
   * hidden field, so the registration may take the places the offer holds.
   */
  offerToken?: string;
  /**
   * Values to start the form with (a waiting-list offer: the name and e-mail given when joining,
   * and `places`, the offer's places still unused: with an offer the form starts at them and
   * offers no more; the server refuses more whatever is posted).
   */
  defaultValue?: { customerName?: string; customerEmail?: string; phoneNumber?: string; places?: string };
}) {
  const { t, locale } = useI18n();
  const fetcher = useFetcher<RegisterActionData>({ key: `register-${event.slug}` });
  const data = fetcher.data ?? initialResult;
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [complete, setComplete] = useState(false);
  const [waiverOpened, setWaiverOpened] = useState(false);
  const waiverId = useId();
  const busy = fetcher.state !== "idle";
  const at = now === undefined ? new Date() : new Date(now);
  const offerPlaces = offerToken && defaultValue?.places ? Math.max(1, Math.trunc(Number(defaultValue.places)) || 1) : undefined;
  const { max: maxPlaces, limitedBy } = placesMax(event, offerPlaces);
  // The places and who sails decide which blocks show. After a failed post without JavaScript
  // they start as posted (the answer carries the values); an offer's link starts at the places it
  // holds (the party that waited books together).
  const [places, setPlaces] = useState(() => Math.min(maxPlaces, Math.max(1, Number(postedText(initialResult, "places") ?? offerPlaces ?? 1) || 1)));
  const [sails, setSails] = useState(() => postedText(initialResult, "bookerSails") !== "no");
  // A company booking's block (issue 28): shown when ticked; hidden it stays disabled, posting nothing.
  const [company, setCompany] = useState(() => postedText(initialResult, "asCompany") === "on");
  // The crew-file questions of the form (issue 27): a list page (the calendar, a private page)
  // carries only that there are some; the form fetches them from its own page's data when it opens.
  const questionsFetcher = useFetcher<{ event?: EventView }>({ key: `register-questions-${event.slug}` });
  const fetchQuestions = !event.questions && event.asksOnForm === true;
  useEffect(() => {
    if (fetchQuestions && questionsFetcher.state === "idle" && !questionsFetcher.data) questionsFetcher.load(registerPath(event.slug));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per form
  }, [fetchQuestions]);
  const questions = event.questions ?? questionsFetcher.data?.event?.questions;
  const others = places - (sails ? 1 : 0);
  // Blocks once shown stay (hidden and disabled): fewer places and then more again keeps what was typed.
  const [shownBlocks, setShownBlocks] = useState(others);
  const blocks = Math.max(shownBlocks, others);
  useEffect(() => setShownBlocks((n) => Math.max(n, others)), [others]);
  const deadline = participantDeadline({ startDate: event.startDate, participantDeadlineDays: event.participantDeadlineDays ?? DEFAULT_PARTICIPANT_DEADLINE_DAYS }, at);
  const today = at.toISOString().slice(0, 10);

  const [form, fields] = useForm<RegistrationInput>({
    id: `registration-${event.slug}`,
    lastResult: data?.result,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registrationSchema }),
  });

  // A new answer from the server: tell the visitor why it failed.
  useEffect(() => {
    if (!data) return;
    if (data.failure) {
      toast.error(data.failure.title, { description: data.failure.description });
      return;
    }
    const summary = registrationErrorSummary((data.result.error ?? {}) as RegistrationErrors);
    if (summary) toast.error(t(summary.title), { description: fieldMessage(t, summary.text) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer, not per language switch
  }, [data]);

  useEffect(() => {
    if (formRef.current) setComplete(allRequiredFilled(formRef.current));
  }, [data, places, sails, company]);

  const summary = registrationErrorSummary(form.allErrors as RegistrationErrors);
  const formProps = getFormProps(form);

  function onSubmit(submitEvent: FormEvent<HTMLFormElement>) {
    formProps.onSubmit(submitEvent);
    // Conform validates on blur by submitting with an "__intent__" button: not the visitor's submit.
    const submitter = (submitEvent.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!submitEvent.defaultPrevented || submitter?.name === "__intent__") return;
    // Conform stopped it: say why, in the same words the server would.
    const submission = parseWithZod(new FormData(submitEvent.currentTarget), { schema: registrationSchema });
    if (submission.status !== "error") return;
    const found = registrationErrorSummary((submission.error ?? {}) as RegistrationErrors);
    if (found) toast.error(t(found.title), { description: fieldMessage(t, found.text) });
  }

  const checkboxDisabled = hydrated && !waiverOpened;
  const submitDisabled = busy || (hydrated && !complete);
  const { key: termsKey, ...termsProps } = getInputProps(fields.termsAccepted, { type: "checkbox", value: "on" });

  return (
    <fetcher.Form
      method="post"
      action={offerToken ? `/waitlist/offer/${encodeURIComponent(offerToken)}` : registerPath(event.slug)}
      {...formProps}
      ref={formRef}
      onSubmit={onSubmit}
      onInput={(e) => setComplete(allRequiredFilled(e.currentTarget))}
      onChange={(e) => setComplete(allRequiredFilled(e.currentTarget))}
      className="grid gap-6"
      aria-busy={busy || undefined}
    >
      <input type="hidden" name="locale" value={locale} />
      {offerToken && <input type="hidden" name="offer" value={offerToken} />}
      <p className="text-sm text-muted-foreground">{t(event.requiresApproval ? "booking.application.intro" : "booking.form.intro")}</p>

      {summary && (
        <div role="alert" className="flex gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <div>
            <p className="font-semibold">{t(summary.title)}</p>
            <p>{fieldMessage(t, summary.text)}</p>
          </div>
        </div>
      )}
      {data?.failure && !summary && (
        <div role="alert" className="flex gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <div>
            <p className="font-semibold">{data.failure.title}</p>
            <p>{data.failure.description}</p>
          </div>
        </div>
      )}

      <FieldGroup legend={t("booking.form.booking")}>
        <div className="sm:col-span-2">
          <PlacesFields
            placesField={fields.places}
            sailsField={fields.bookerSails}
            places={places}
            max={maxPlaces}
            limitedBy={limitedBy}
            sails={sails}
            onPlaces={setPlaces}
            onSails={setSails}
          />
        </div>
      </FieldGroup>

      <FieldGroup legend={sails ? t("booking.form.participant") : t("booking.form.contact")}>
        <TextField field={fields.customerName} label={t("booking.field.customerName")} required autoComplete="name" maxLength={REGISTRATION_LIMITS.name} className="sm:col-span-2" />
        <TextField field={fields.customerEmail} label={t("booking.field.customerEmail")} required type="email" autoComplete="email" maxLength={REGISTRATION_LIMITS.email} />
        <TextField field={fields.phoneNumber} label={t("booking.field.phoneNumber")} type="tel" autoComplete="tel" maxLength={REGISTRATION_LIMITS.phone} />
        {/* The booker's own details as a participant: asked only when they sail. Hidden they stay
            in the page disabled (posting nothing), so switching back keeps what was typed. */}
        <fieldset disabled={!sails} hidden={!sails} className={sails ? "contents" : "hidden"}>
          <TextField field={fields.birthDate} label={t("booking.field.birthDate")} required type="date" autoComplete="bday" max={today} />
        </fieldset>
      </FieldGroup>

      <FieldGroup legend={t("booking.form.address")}>
        <TextField field={fields.street} label={t("booking.field.street")} required autoComplete="street-address" maxLength={REGISTRATION_LIMITS.street} className="sm:col-span-2" />
        <TextField field={fields.postalCode} label={t("booking.field.postalCode")} required autoComplete="postal-code" maxLength={REGISTRATION_LIMITS.postalCode} />
        <TextField field={fields.city} label={t("booking.field.city")} required autoComplete="address-level2" maxLength={REGISTRATION_LIMITS.city} />
        <TextField field={fields.country} label={t("booking.field.country")} required autoComplete="country-name" maxLength={REGISTRATION_LIMITS.country} className="sm:col-span-2" />
      </FieldGroup>

      <FieldGroup legend={t("booking.form.company")}>
        <div className="flex items-start gap-3 sm:col-span-2">
          <input
            id={fields.asCompany.id}
            name={fields.asCompany.name}
            type="checkbox"
            value="on"
            checked={company}
            onChange={(e) => setCompany(e.currentTarget.checked)}
            className="mt-0.5 size-5 shrink-0 cursor-pointer accent-ocean-700"
            data-testid="as-company"
          />
          <Label htmlFor={fields.asCompany.id} variant={null} className="font-medium leading-snug text-navy-900">
            {t("booking.field.asCompany")}
          </Label>
        </div>
        <fieldset disabled={!company} hidden={!company} className={company ? "contents" : "hidden"}>
          <TextField field={fields.companyName} label={t("booking.field.companyName")} required autoComplete="organization" maxLength={REGISTRATION_LIMITS.company} className="sm:col-span-2" />
          <TextField field={fields.companyVatNumber} label={t("booking.field.companyVatNumber")} autoComplete="off" maxLength={REGISTRATION_LIMITS.vatNumber} />
          <TextField field={fields.companyPoReference} label={t("booking.field.companyPoReference")} autoComplete="off" maxLength={REGISTRATION_LIMITS.poReference} />
          <div className="grid gap-1.5 sm:col-span-2">
            <Label htmlFor={fields.invoiceAddress.id} className="text-navy-900">
              {t("booking.field.invoiceAddress")}
            </Label>
            <Textarea
              {...getTextareaProps(fields.invoiceAddress, { ariaDescribedBy: fields.invoiceAddress.errors ? fields.invoiceAddress.errorId : `${fields.invoiceAddress.id}-hint` })}
              key={fields.invoiceAddress.key}
              rows={3}
              maxLength={REGISTRATION_LIMITS.invoiceAddress}
              autoComplete="off"
            />
            <p id={`${fields.invoiceAddress.id}-hint`} className="text-xs text-muted-foreground">
              {t("booking.field.invoiceAddressHint")}
            </p>
            {fields.invoiceAddress.errors && (
              <p id={fields.invoiceAddress.errorId} className="text-sm font-medium text-destructive">
                {fieldMessage(t, fields.invoiceAddress.errors[0])}
              </p>
            )}
          </div>
        </fieldset>
      </FieldGroup>

      <fieldset disabled={!sails} hidden={!sails} className={sails ? "contents" : "hidden"}>
        <FieldGroup legend={t("booking.form.emergency")}>
          <TextField field={fields.nextOfKinName} label={t("booking.field.nextOfKinName")} required autoComplete="off" maxLength={REGISTRATION_LIMITS.name} />
          <TextField field={fields.nextOfKinPhone} label={t("booking.field.nextOfKinPhone")} required type="tel" autoComplete="off" maxLength={REGISTRATION_LIMITS.phone} />
        </FieldGroup>
      </fieldset>

      {questions && (
        // The crew-file questions asked now (issue 27): the booker's own answers, so only when they sail.
        <fieldset disabled={!sails} hidden={!sails} className={sails ? "contents" : "hidden"}>
          <RegistrationQuestionsFields
            questions={questions}
            errors={data?.crewErrors}
            posted={initialResult ? (name) => postedValue(initialResult, name) : undefined}
            others={places > 1}
          />
        </fieldset>
      )}

      {blocks > 0 && (
        <div className="grid gap-4">
          {/* Each participant block reads its own fields from the form's context (useField). */}
          <FormProvider context={form.context}>
            {Array.from({ length: blocks }, (_, i) => (
              <ParticipantFields key={i} index={i} number={i + (sails ? 2 : 1)} active={i < others} today={today} />
            ))}
          </FormProvider>
          {others > 0 && (
            <p className="flex gap-2 text-sm text-slate-700" data-testid="invitation-note">
              <Info className="mt-0.5 size-4 shrink-0 text-ocean-600" aria-hidden />
              <span>
                {deadline.open
                  ? t("booking.form.invitationNote", { date: formatDate(dayInstant(deadline.lastDay).toISOString(), locale) })
                  : t("booking.form.invitationNoteLate")}
              </span>
            </p>
          )}
        </div>
      )}

      <div className="grid gap-1.5">
        <Label htmlFor={fields.comments.id} className="text-navy-900">
          {t("booking.field.comments")}
        </Label>
        <Textarea
          {...getTextareaProps(fields.comments, { ariaDescribedBy: fields.comments.errors ? fields.comments.errorId : `${fields.comments.id}-hint` })}
          key={fields.comments.key}
          rows={3}
          maxLength={REGISTRATION_LIMITS.comments}
        />
        <p id={`${fields.comments.id}-hint`} className="text-xs text-muted-foreground">
          {t("booking.field.commentsHint")}
        </p>
        {fields.comments.errors && (
          <p id={fields.comments.errorId} className="text-sm font-medium text-destructive">
            {fieldMessage(t, fields.comments.errors[0])}
          </p>
        )}
      </div>

      <div className="grid gap-3">
        <details
          className="group rounded-lg border bg-white"
          onToggle={(e) => {
            if (e.currentTarget.open) setWaiverOpened(true);
          }}
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-lg px-4 py-3 font-semibold text-navy-900 hover:bg-foam-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
            <span className="flex items-center gap-2">
              <Lock className="size-4 text-ocean-600" aria-hidden />
              {t("booking.waiver.toggle")}
            </span>
            <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden />
          </summary>
          <div id={waiverId} className="max-h-72 overflow-y-auto border-t px-4 py-4 text-sm">
            <WaiverText locale={locale} headingLevel={headingLevel === 2 ? 3 : 4} compact className="[&_h3]:text-base [&_h4]:text-base" />
            <p className="mt-4">
              <a href="/servicevoorwaarden#waiver" target="_blank" rel="noopener" className="font-medium text-ocean-600 underline underline-offset-2">
                {t("booking.waiver.fullTerms")}
              </a>
            </p>
          </div>
        </details>
        {checkboxDisabled && (
          <p className="flex items-center gap-2 text-xs text-muted-foreground">
            <Info className="size-3.5" aria-hidden />
            {t("booking.waiver.hint")}
          </p>
        )}
        <div className="flex items-start gap-3">
          <input
            key={termsKey}
            {...termsProps}
            disabled={checkboxDisabled}
            aria-describedby={fields.termsAccepted.errors ? fields.termsAccepted.errorId : undefined}
            className="mt-0.5 size-5 shrink-0 cursor-pointer accent-ocean-700 disabled:cursor-not-allowed disabled:opacity-50"
          />
          <Label htmlFor={fields.termsAccepted.id} variant={null} className="font-medium leading-snug text-navy-900 peer-disabled:opacity-70">
            {sails ? t("booking.terms.agree") : t("booking.terms.agreeBooker")}
          </Label>
        </div>
        {fields.termsAccepted.errors && (
          <p id={fields.termsAccepted.errorId} className="text-sm font-medium text-destructive">
            {fieldMessage(t, fields.termsAccepted.errors[0])}
          </p>
        )}
      </div>

      <AmountDueSummary event={event} now={at} note={note} headingLevel={headingLevel} places={places} />

      <div className="grid gap-2">
        <Button type="submit" variant="accent" size="lg" disabled={submitDisabled} aria-describedby={submitDisabled && !busy ? `${form.id}-hint` : undefined}>
          {busy
            ? t(event.requiresApproval ? "booking.application.busy" : "booking.submit.busy")
            : submitLabel(t, amountDue(event, at, places).kind === "free", places, event.requiresApproval === true)}
        </Button>
        {hydrated && !complete && (
          <p id={`${form.id}-hint`} className="text-center text-xs text-muted-foreground">
            {t("booking.submit.disabledHint")}
          </p>
        )}
      </div>
    </fetcher.Form>
  );
}

/**
 * The submit button's words: "Register (and pay)" for one place, "Book 3 places (and pay)" for
 * more; "Send my application" / "Apply for 3 places" on an event that requires approval.
 */
function submitLabel(t: Translator, free: boolean, places: number, apply = false): string {
  if (apply) return places <= 1 ? t("booking.application.submit") : t("booking.application.submitPlaces", { places });
  if (places <= 1) return free ? t("booking.submit.free") : t("booking.submit.pay");
  return free ? t("booking.submit.freePlaces", { places }) : t("booking.submit.payPlaces", { places });
}

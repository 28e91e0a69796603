import type { FieldMetadata } from "@conform-to/react";
import { ArrowLeft, Loader2, Save } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { useI18n, type MessageKey } from "~/i18n";
import { cn } from "~/lib/utils";

/**
 * Form building blocks of the admin content pages (articles, events): a labelled field with its
 * hint and error, a fieldset panel, and a switch that is a real checkbox.
 */

/** The first error of a field, translated (schema errors are message keys; server ones text). */
export function useFieldError(meta: { errors?: string[] }): string | undefined {
  const { t } = useI18n();
  const error = meta.errors?.[0];
  return error ? t(error as MessageKey) : undefined;
}

export function hintId(meta: { id: string }): string {
  return `${meta.id}-hint`;
}

export function Field({
  meta,
  label,
  hint,
  required = false,
  error: errorOverride,
  className,
  children,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  hint?: ReactNode;
  required?: boolean;
  /** An error found in the browser, shown instead of the field's own. */
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  const fieldError = useFieldError(meta);
  const error = errorOverride ?? fieldError;
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      {/* The mark sits beside the label, so the field's name stays the label alone. */}
      <div className="flex items-baseline gap-0.5">
        <Label htmlFor={meta.id} variant={null} className="font-semibold leading-none text-navy-900">
          {label}
        </Label>
        {required && (
          <span aria-hidden className="text-sm font-semibold text-signal-700">
            *
          </span>
        )}
      </div>
      {children}
      {hint && (
        <p id={hintId(meta)} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={meta.errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** A titled group of fields: one panel of an admin form. */
export function FormPanel({ title, description, children, className }: { title: string; description?: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className={cn("grid gap-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6", className)}>
      <legend className="float-left mb-1 w-full">
        <span className="font-display text-xl font-bold uppercase tracking-wide text-navy-900">{title}</span>
        {description && <span className="mt-1 block text-sm font-normal text-slate-500">{description}</span>}
      </legend>
      {children}
    </fieldset>
  );
}

/**
 * An on/off switch that is a native checkbox with role="switch": it submits without JavaScript
 * and resets with its form, which Radix's button-based switch does not before hydration.
 */
export function FormSwitch({
  id,
  name,
  label,
  hint,
  defaultChecked,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  defaultChecked?: boolean;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        role="switch"
        defaultChecked={defaultChecked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="peer relative mt-0.5 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:absolute before:left-0.5 before:top-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-ocean-600 checked:before:translate-x-5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="cursor-pointer font-semibold text-navy-900">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

export const selectClasses =
  "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive md:text-sm";

/** Back to the list a form page belongs to (the page band's link goes to the admin home). */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="-mb-4 inline-flex items-center gap-1.5 self-start text-sm font-semibold text-ocean-600 hover:text-ocean-700 hover:underline">
      <ArrowLeft aria-hidden className="size-4" />
      {label}
    </Link>
  );
}

/**
 * The bar at the foot of an admin form (sticky from small screens up): what the form puts beside
 * its save button (the article's "published" switch), and the button, busy while saving.
 */
export function SaveBar({ saving, label, savingLabel, children }: { saving: boolean; label: string; savingLabel: string; children?: ReactNode }) {
  return (
    <div
      className={cn(
        "z-10 -mx-4 flex sm:sticky sm:bottom-0 border-t border-slate-200 bg-white/95 px-4 py-4 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:px-6 sm:shadow-sm",
        children ? "flex-wrap items-center justify-between gap-4" : "justify-end",
      )}
    >
      {children}
      <Button type="submit" variant="accent" size="lg" disabled={saving}>
        {saving ? <Loader2 aria-hidden className="animate-spin" /> : <Save aria-hidden />}
        {saving ? savingLabel : label}
      </Button>
    </div>
  );
}

/**
 * An item's texts in both languages side by side (stacked on a phone), each language a group
 * named by its legend (decision 016).
 */
export function LanguageColumns({ children }: { children: ReactNode }) {
  return <div className="grid gap-6 md:grid-cols-2">{children}</div>;
}

export function LanguageColumn({ legend, testId, children }: { legend: string; testId?: string; children: ReactNode }) {
  return (
    <fieldset data-testid={testId} className="grid min-w-0 content-start gap-5 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <legend className="px-1 text-sm font-bold uppercase tracking-wide text-navy-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

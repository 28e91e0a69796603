import type { FieldMetadata } from "@conform-to/react";
import { useI18n } from "~/i18n";
import "~/i18n/booking";
import { cn } from "~/lib/utils";
import { Label } from "../ui/label";
import { fieldMessage } from "../text-field";

/** A native select that looks like the form's inputs (a native one keeps the phone's own picker). */
export const selectClasses =
  "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive md:text-sm";

/**
 * How many places (1 … `max`) and who sails: the booker too (place 1 is theirs), or only the
 * people they book for. Both are controlled by the form, which shows one participant block per
 * other place.
 */
export function PlacesFields({
  placesField,
  sailsField,
  places,
  max,
  limitedBy,
  sails,
  onPlaces,
  onSails,
}: {
  placesField: FieldMetadata<number | undefined>;
  sailsField: FieldMetadata<boolean | undefined>;
  places: number;
  max: number;
  /** What sets the maximum, for the hint: the event's maximum per booking, or the places left. */
  limitedBy: "booking" | "left";
  sails: boolean;
  onPlaces(places: number): void;
  onSails(sails: boolean): void;
}) {
  const { t } = useI18n();
  const hintId = `${placesField.id}-hint`;
  const describedBy = placesField.errors ? `${placesField.errorId} ${hintId}` : hintId;
  const choice = (value: "yes" | "no", label: string, hint: string) => {
    const id = `${sailsField.id}-${value}`;
    const checked = sails === (value === "yes");
    return (
      // The label holds the title only, so the radio's name is short ("I sail too") and the hint is
      // its description; the label's overlay (after:inset-0) still makes the whole card clickable.
      <div
        className={cn(
          "relative flex gap-3 rounded-md border bg-white p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
          checked ? "border-ocean-700 ring-1 ring-ocean-700" : "border-input",
        )}
      >
        <input
          type="radio"
          id={id}
          name={sailsField.name}
          value={value}
          checked={checked}
          onChange={() => onSails(value === "yes")}
          aria-describedby={`${id}-hint`}
          // Above the label's overlay: the radio itself takes its own clicks.
          className="relative z-10 mt-0.5 size-4 shrink-0 accent-ocean-700"
        />
        <span className="grid gap-0.5">
          <label htmlFor={id} className="cursor-pointer font-medium text-navy-900 after:absolute after:inset-0">
            {label}
          </label>
          <span id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </span>
        </span>
      </div>
    );
  };

  return (
    <div className="grid gap-4">
      {max <= 1 ? (
        // One place is all this booking can take: nothing to choose, the count still posts.
        <input type="hidden" name={placesField.name} value="1" />
      ) : (
        <div className="grid gap-1.5 sm:max-w-xs">
          <Label htmlFor={placesField.id} className="text-navy-900">
            {t("booking.field.places")}
          </Label>
          <select
            id={placesField.id}
            name={placesField.name}
            value={String(places)}
            onChange={(e) => onPlaces(Number(e.currentTarget.value))}
            aria-invalid={placesField.errors ? true : undefined}
            aria-describedby={describedBy}
            className={selectClasses}
          >
            {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n === 1 ? t("booking.field.placesOne") : t("booking.field.placesMany", { count: n })}
              </option>
            ))}
          </select>
          <p id={hintId} className="text-xs text-muted-foreground">
            {limitedBy === "left" ? t("booking.field.placesHintLeft", { left: max }) : t("booking.field.placesHint", { max })}
          </p>
          {placesField.errors && (
            <p id={placesField.errorId} className="text-sm font-medium text-destructive">
              {fieldMessage(t, placesField.errors[0])}
            </p>
          )}
        </div>
      )}
      <fieldset className="grid gap-2">
        <legend className="mb-1.5 text-sm font-medium text-navy-900">{t("booking.form.whoSails")}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {choice("yes", t("booking.form.bookerSails"), t("booking.form.bookerSailsHint"))}
          {choice("no", t("booking.form.bookerOnly"), t("booking.form.bookerOnlyHint"))}
        </div>
      </fieldset>
    </div>
  );
}

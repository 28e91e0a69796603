import type { Locale } from "~/i18n";
import { numberFormat } from "~/lib/intl";

/**
 * The one home of how money is written: amounts are integer cents everywhere else, and become
 * text only here. Each function is one meaning; they share two implementations, one for people
 * (Intl, in the visitor's language, recorded for hydration through `~/lib/intl`, decision 031)
 * and one for machines (plain digits, no grouping). Like `~/lib/dates`, this module is in every
 * page's first script: a way of writing money only some pages use is a preset beside them (the
 * private pages' `euroNumber`).
 */

/**
 * Euros for people, with the sign against the number in both languages ("€1.250", "€147,50"),
 * as on payment buttons and in the spec's texts, so one page never shows "€ 175" beside "€175".
 * Cents are written when the amount has some, or `always`.
 */
function euros(cents: number, locale: Locale, always: boolean): string {
  return numberFormat(locale === "nl" ? "nl-NL" : "en-GB", {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: always || cents % 100 !== 0 ? 2 : 0,
    maximumFractionDigits: 2,
  })
    .format(cents / 100)
    .replace(/€[\s\u00a0\u202f]+/, "€");
}

/** A price: whole euros without cents ("€145", "€1,250" / "€1.250"), cents only when it has some ("€147,50"). */
export function formatPrice(cents: number, locale: Locale): string {
  return euros(cents, locale, false);
}

/**
 * An amount to pay or paid, always with cents, as on a payment button: "€147.50" / "€147,50",
 * "€1,250.00" / "€1.250,00".
 */
export function formatAmount(cents: number, locale: Locale): string {
  return euros(cents, locale, true);
}

/**
 * Euros as machines read them, with a decimal point and no grouping: "1250.00" (schema.org
 * prices). Exact for integer cents: `toFixed` rounds the nearest double back to them.
 */
export function decimalEuros(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** An amount in any currency for the team's plain-text alerts: "147.50 EUR". */
export function amountInCurrency(cents: number, currency: string): string {
  return `${decimalEuros(cents)} ${currency.toUpperCase()}`;
}

/** Euros with a decimal comma and no thousands separator ("1250,00"): Dutch Excel reads it as a number. */
export function csvEuros(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? "" : decimalEuros(cents).replace(".", ",");
}

/** Euros as the admin's amount fields are written: "1250", or "49,50" with the Dutch decimal comma. */
export function centsToEuros(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : decimalEuros(cents).replace(".", ",");
}

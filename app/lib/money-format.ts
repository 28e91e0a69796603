import type { Locale } from "~/i18n";
import { numberFormat } from "~/lib/intl";

/**
 * The one home of how money is written: amounts are integer cents everywhere else, and become
 * text only here. Each function is one meaning; they share two implementations, one for people
 * (Intl, in the visitor's language, recorded for hydration through `~/lib/intl`, decision 031)
 * and one for machines (plain digits, no grouping).
 */

/**
 * Euros for people, with the sign against the number in both languages ("€1.250", "€147,50"),
 * as on payment buttons and in the spec's texts, so one page never shows "€ 175" beside "€175".
 * `cents`: "always" writes them, "when-any" only when the amount has some.
 */
function euros(amountCents: number, locale: Locale, cents: "always" | "when-any"): string {
  return numberFormat(locale === "nl" ? "nl-NL" : "en-GB", {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: cents === "always" || amountCents % 100 !== 0 ? 2 : 0,
    maximumFractionDigits: 2,
  })
    .format(amountCents / 100)
    .replace(/€[\s\u00a0\u202f]+/, "€");
}

/** A price: whole euros without cents ("€145", "€1,250" / "€1.250"), cents only when it has some ("€147,50"). */
export function formatPrice(cents: number, locale: Locale): string {
  return euros(cents, locale, "when-any");
}

/**
 * An amount to pay or paid, always with cents, as on a payment button: "€147.50" / "€147,50",
 * "€1,250.00" / "€1.250,00".
 */
export function formatAmount(cents: number, locale: Locale): string {
  return euros(cents, locale, "always");
}

/** A price without the sign, for texts that carry their own "€": "175", "4.455,50". */
export function euroNumber(cents: number, locale: Locale): string {
  return euros(cents, locale, "when-any").replace("€", "");
}

/** Plain digits: an optional minus, whole euros, the separator and two digits of cents. */
function plainEuros(cents: number, separator: "." | ",", withCents: "always" | "when-any"): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const rest = abs % 100;
  return withCents === "when-any" && rest === 0 ? `${sign}${whole}` : `${sign}${whole}${separator}${String(rest).padStart(2, "0")}`;
}

/** Euros as machines read them, with a decimal point and no grouping: "1250.00" (schema.org prices). */
export function decimalEuros(cents: number): string {
  return plainEuros(cents, ".", "always");
}

/** An amount in any currency for the team's plain-text alerts: "147.50 EUR". */
export function amountInCurrency(cents: number, currency: string): string {
  return `${plainEuros(cents, ".", "always")} ${currency.toUpperCase()}`;
}

/** Euros with a decimal comma and no thousands separator ("1250,00"): Dutch Excel reads it as a number. */
export function csvEuros(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  return plainEuros(cents, ",", "always");
}

/** Euros as the admin's amount fields are written: "1250", or "49,50" with the Dutch decimal comma. */
export function centsToEuros(cents: number): string {
  return plainEuros(cents, ",", "when-any");
}

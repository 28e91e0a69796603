/**
 * The identifiers an invoice prints, checked by their format (issue 28): pure, so the
 * environment's check at start and the forms use the same rules.
 */

/** "NL91 ABNA 0417 1643 00" → "NL91ABNA0417164300" (spaces removed, upper case). */
export function compactIdentifier(value: string): string {
  return value.replace(/[\s.-]+/g, "").toUpperCase();
}

/** An IBAN with a valid ISO 13616 check (mod 97 = 1); any country, 15–34 characters. */
export function ibanValid(value: string): boolean {
  const iban = compactIdentifier(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** "NL91 ABNA 0417 1643 00": the IBAN in groups of four, as it is printed. */
export function formatIban(value: string): string {
  return compactIdentifier(value).replace(/(.{4})(?=.)/g, "$1 ");
}

/** A Dutch Chamber of Commerce (KvK) number: 8 digits. */
export function kvkValid(value: string): boolean {
  return /^\d{8}$/.test(value.replace(/\s+/g, ""));
}

/**
 * The formats of the EU member states' VAT numbers (VIES), by country prefix (Greece: EL).
 * A format check only: whether the number exists is for VIES, which this site does not call.
 */
const EU_VAT_FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** Whether `value` has the format of an EU VAT number ("NL123456789B01"); other countries' numbers are not judged here. */
export function euVatNumberValid(value: string): boolean {
  const vat = compactIdentifier(value);
  const format = EU_VAT_FORMATS[vat.slice(0, 2)];
  return format !== undefined && format.test(vat.slice(2));
}

/** Whether the number names an EU country whose format we know (a number from elsewhere is taken as given). */
export function isEuVatPrefix(value: string): boolean {
  return compactIdentifier(value).slice(0, 2) in EU_VAT_FORMATS;
}

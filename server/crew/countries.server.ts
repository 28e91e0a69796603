/**
 * The countries a crew-file answer may name (a country item, a passport's nationality): the 249
 * officially assigned ISO 3166-1 alpha-2 codes. The registration form takes a free-text country,
 * so there was no list to reuse. Stored as the code; shown by name in the reader's language.
 */
const CODES =
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
  "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
  "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
  "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
  "UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW";

export const COUNTRY_CODES: readonly string[] = CODES.split(" ");
const KNOWN = new Set(COUNTRY_CODES);

/** The code when `value` is one (any case, trimmed), else undefined. */
export function countryCode(value: string): string | undefined {
  const code = value.trim().toUpperCase();
  return KNOWN.has(code) ? code : undefined;
}

const cache = new Map<string, { code: string; name: string }[]>();

/** Every country as code and name in `locale`, sorted by name (built once per language, server only). */
export function countryOptions(locale: string): { code: string; name: string }[] {
  let list = cache.get(locale);
  if (!list) {
    // Server only: the list reaches the page as data, so no browser builds this formatter (decision 031).
    // eslint-disable-next-line no-restricted-syntax
    const names = new Intl.DisplayNames([locale], { type: "region" });
    // eslint-disable-next-line no-restricted-syntax
    const collator = new Intl.Collator(locale);
    list = COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
    cache.set(locale, list);
  }
  return list;
}

/** One country's name in `locale` (the code itself when the runtime does not know it). */
export function countryName(code: string, locale: string): string {
  return countryOptions(locale).find((c) => c.code === code)?.name ?? code;
}

/**
 * The spec's slug rule: lowercase, drop every character other than letters, digits, spaces and
 * hyphens, then turn spaces into hyphens. Accented letters keep their base letter ("één" →
 * "een") so Dutch titles give readable ASCII addresses; a run of spaces becomes one hyphen.
 */
export function slugify(title: string): string {
  return title
    .trim()
    .toLowerCase()
    .normalize("NFD")
    .replace(/[^a-z0-9\s-]/g, "")
    .replace(/\s+/g, "-");
}

/** What the rule can produce (lowercase ASCII letters, digits, hyphens), with a letter or digit. */
export const SLUG_PATTERN = /^(?=.*[a-z0-9])[a-z0-9-]+$/;
export const SLUG_MAX_LENGTH = 120;

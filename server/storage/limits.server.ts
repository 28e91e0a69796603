/** Upload limits. The spec's maxima (5 MB image, 10 MB document) are binary megabytes. */
export const MB = 1024 * 1024;
export const IMAGE_MAX_BYTES = 5 * MB;
export const DOCUMENT_MAX_BYTES = 10 * MB;
/**
 * A whole admin form: one image, one document and the text fields. Checked before the body is
 * parsed, so an oversized request never reaches memory.
 */
export const FORM_MAX_BYTES = 21 * MB;
/** A DOCX is a zip: refuse one whose entries unpack to more than this (zip bombs). */
export const DOCX_MAX_UNPACKED_BYTES = 50 * MB;
/** A real Word document has a few dozen parts; thousands of entries are an attack. */
export const DOCX_MAX_ENTRIES = 2000;
/**
 * Decoded pixels sharp may allocate for one image. A 5 MB file can claim a gigapixel canvas;
 * 50 megapixels is more than any camera the team uses.
 */
export const IMAGE_MAX_PIXELS = 50_000_000;
/** Responsive widths; an image is never enlarged, so a narrow original yields fewer widths. */
export const IMAGE_WIDTHS = [640, 1280, 1920] as const;
/** The width articles and events use as their plain `image` (the spec's single image URL). */
export const IMAGE_DEFAULT_WIDTH = 1280;

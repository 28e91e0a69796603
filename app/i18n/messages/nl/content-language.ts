import type { Messages } from "../../define";
import type en from "../en/content-language";

// The Dutch counterpart of ../en/content-language.ts: the same keys, checked by typecheck.
export default {
  "contentLanguage.note.onlyIn.nl": "Alleen in het Nederlands beschikbaar: {fields}.",
  "contentLanguage.note.onlyIn.en": "Alleen in het Engels beschikbaar: {fields}.",
  "contentLanguage.field.title": "de titel",
  "contentLanguage.field.description": "de samenvatting",
  "contentLanguage.field.content": "de tekst van het artikel",
  "contentLanguage.field.name": "de naam",
  "contentLanguage.field.eventDescription": "de beschrijving",
  "contentLanguage.field.included": "wat er inbegrepen is",
} satisfies Messages<typeof en>;

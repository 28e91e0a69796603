import type { Messages } from "../../define";
import type en from "../en/admin-language";

// The Dutch counterpart of ../en/admin-language.ts (the admin's own language).
export default {
  "admin.language.texts": "Teksten",
  "admin.language.dutch": "Nederlands",
  "admin.language.english": "Engels",
  "admin.language.articleHint":
    "Vul minstens één taal volledig in (titel, beschrijving en inhoud). Ontbreekt een taal, dan zien bezoekers in die taal de andere, met de melding dat het artikel alleen in die taal beschikbaar is.",
  "admin.language.eventHint":
    "Nederlands is verplicht, Engels optioneel: velden die leeg blijven, tonen Engelstalige bezoekers de Nederlandse tekst, met een melding.",
  "admin.language.oneRequired": "Vul de titel, beschrijving en inhoud in, in het Nederlands of in het Engels",
  "admin.language.completeLanguage": "Vul ook dit veld in, of laat deze taal helemaal leeg",
  "admin.language.previewEn": "Voorbeeld (Engels)",
} satisfies Messages<typeof en>;

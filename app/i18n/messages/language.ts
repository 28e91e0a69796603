import { defineMessages } from "../define";

// The language toggle and its notice speak the visitor's chosen language, also on a page that
// forces the other one: these few keys are always loaded in both languages.
export default defineMessages({
  en: {
    "lang.toggle": "NL",
    "lang.toggleLabel": "Nederlands",
    "lang.onlyIn.nl": "This page is only available in Dutch.",
    "lang.onlyIn.en": "This page is only available in English.",
    "lang.switched": "The rest of the site is now in English.",
    "common.close": "Close",
  },
  nl: {
    "lang.toggle": "EN",
    "lang.toggleLabel": "English",
    "lang.onlyIn.nl": "Deze pagina is alleen in het Nederlands beschikbaar.",
    "lang.onlyIn.en": "Deze pagina is alleen in het Engels beschikbaar.",
    "lang.switched": "De rest van de site is nu in het Nederlands.",
    "common.close": "Sluiten",
  },
});

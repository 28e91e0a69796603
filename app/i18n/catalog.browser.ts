// The browser: the page's language (the server rendered it into <html lang>) before anything
// renders, so hydration finds the same text. Other languages load when first shown (useI18n).
import { isLocale } from "./define";
import { loadMessages } from "./store";

const pageLocale = document.documentElement.lang;
if (isLocale(pageLocale)) await loadMessages(pageLocale);

// Imported by the pages a newsletter e-mail's links open (the confirmation, the unsubscribe page):
// the area's messages in the page's language before they render; other pages never load them.
import { loadArea } from "./store";

await loadArea("newsletter-links", { en: () => import("./messages/en/newsletter-links"), nl: () => import("./messages/nl/newsletter-links") });

// Imported by every module that shows the private pages' texts (their route modules, components and
// meta): the area's messages in the page's language before they render; other pages never load them.
import { loadArea } from "./store";

await loadArea("private", { en: () => import("./messages/en/private"), nl: () => import("./messages/nl/private") });

// Imported by every module that shows the content pages' texts (their route modules, components and
// meta): the area's messages in the page's language before they render; other pages never load them.
import { loadArea } from "./store";

await loadArea("content", { en: () => import("./messages/en/content"), nl: () => import("./messages/nl/content") });

// Imported by every module that shows the news pages' texts (the news list, an article's page and
// dialog): the area's messages in the page's language before they render; other pages never load them.
import { loadArea } from "./store";

await loadArea("news", { en: () => import("./messages/en/news"), nl: () => import("./messages/nl/news") });

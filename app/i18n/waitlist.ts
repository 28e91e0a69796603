// Imported by every module that shows the waiting list's texts (an event's action when it is full,
// the waiting-list form and pages): the area's messages in the page's language before they
// render; other pages never load them.
import { loadArea } from "./store";

await loadArea("waitlist", { en: () => import("./messages/en/waitlist"), nl: () => import("./messages/nl/waitlist") });

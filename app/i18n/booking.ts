// Imported by every module that shows the booking forms' texts (the registration form and dialog,
// the register, checkout and payment pages, the waiting-list offer): the area's messages in the
// page's language before they render; other pages never load them.
import { loadArea } from "./store";

await loadArea("booking", { en: () => import("./messages/en/booking"), nl: () => import("./messages/nl/booking") });

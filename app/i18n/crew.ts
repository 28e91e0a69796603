// Imported by the crew-file answer fields (the participant's page and the registration form of an
// event that asks crew-file questions): their messages in the page's language before they render.
import { loadArea } from "./store";

await loadArea("crew", { en: () => import("./messages/en/crew"), nl: () => import("./messages/nl/crew") });

// The server, Node tools and tests: every message in both languages, at once (no top-level
// await: some tools load the app as CommonJS).
import { addMessages, loaded } from "./store";
import en from "./messages/en";
import adminEnglish from "./messages/en/admin";
import nl from "./messages/nl";
import adminDutch from "./messages/nl/admin";

addMessages("en", { ...en, ...adminEnglish });
addMessages("nl", { ...nl, ...adminDutch });
loaded.add("en").add("nl");

// Imported by every admin route module: the admin's messages, which public pages never load.
import { addMessages } from "./store";
import en from "./messages/en/admin";
import nl from "./messages/nl/admin";

addMessages("en", en);
addMessages("nl", nl);

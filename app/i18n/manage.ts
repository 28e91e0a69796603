// Imported by the participant's booking page (app/routes/manage): its messages, which no other
// public page needs, in both languages (the page follows the booking's language).
import { addMessages } from "./store";
import en from "./messages/en/manage";
import nl from "./messages/nl/manage";

addMessages("en", en);
addMessages("nl", nl);
// A cancelled or moved sailing day (decision 015): the choice on the booking page.
import enDisruption from "./messages/en/disruption";
import nlDisruption from "./messages/nl/disruption";
addMessages("en", enDisruption);
addMessages("nl", nlDisruption);
// The booking form's labels (the public area `~/i18n/booking`), in both languages too.
import enBooking from "./messages/en/booking";
import nlBooking from "./messages/nl/booking";
addMessages("en", enBooking);
addMessages("nl", nlBooking);

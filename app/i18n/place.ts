// Imported by the participant's own page (app/routes/place): its messages, which no other public
// page needs, in both languages (the page follows the place's language or the visitor's choice).
import { addMessages } from "./store";
import en from "./messages/en/place";
import nl from "./messages/nl/place";

addMessages("en", en);
addMessages("nl", nl);
// The field rules' messages are the registration form's (`booking.validation.*`): the same rules.
import enBooking from "./messages/en/booking";
import nlBooking from "./messages/nl/booking";
addMessages("en", enBooking);
addMessages("nl", nlBooking);
// The crew file's checklist (issue 27): shown only on this page, so it travels in its chunk.
import enCrew from "./messages/en/crew";
import nlCrew from "./messages/nl/crew";
addMessages("en", enCrew);
addMessages("nl", nlCrew);

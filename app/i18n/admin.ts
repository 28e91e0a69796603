// Imported by every admin route module: the admin's messages, which public pages never load.
import { addMessages } from "./store";
import en from "./messages/en/admin";
import nl from "./messages/nl/admin";
import enBookings from "./messages/en/admin-bookings";
import nlBookings from "./messages/nl/admin-bookings";
import enWaitlist from "./messages/en/admin-waitlist";
import nlWaitlist from "./messages/nl/admin-waitlist";

addMessages("en", { ...en, ...enBookings, ...enWaitlist });
addMessages("nl", { ...nl, ...nlBookings, ...nlWaitlist });

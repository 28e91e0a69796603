// Imported by every admin route module: the admin's messages, which public pages never load.
import { addMessages } from "./store";
import en from "./messages/en/admin";
import nl from "./messages/nl/admin";
import enBookings from "./messages/en/admin-bookings";
import nlBookings from "./messages/nl/admin-bookings";
import enWaitlist from "./messages/en/admin-waitlist";
import nlWaitlist from "./messages/nl/admin-waitlist";
import enTwoFactor from "./messages/en/admin-2fa";
import nlTwoFactor from "./messages/nl/admin-2fa";

addMessages("en", { ...en, ...enBookings, ...enWaitlist, ...enTwoFactor });
addMessages("nl", { ...nl, ...nlBookings, ...nlWaitlist, ...nlTwoFactor });
// A cancelled or moved sailing day (decision 015).
import enDisruption from "./messages/en/admin-disruption";
import nlDisruption from "./messages/nl/admin-disruption";
addMessages("en", enDisruption);
addMessages("nl", nlDisruption);
// A person's data on request (decision 018).
import enPrivacy from "./messages/en/admin-privacy";
import nlPrivacy from "./messages/nl/admin-privacy";
addMessages("en", enPrivacy);
addMessages("nl", nlPrivacy);
// Texts in two languages (decision 016).
import enLanguage from "./messages/en/admin-language";
import nlLanguage from "./messages/nl/admin-language";
addMessages("en", enLanguage);
addMessages("nl", nlLanguage);
// The booking forms' and the waiting list's (public areas, `~/i18n/booking`, `~/i18n/waitlist`):
// the admin shows their labels and the server's answers in them.
import enBooking from "./messages/en/booking";
import nlBooking from "./messages/nl/booking";
import enWaitlistPublic from "./messages/en/waitlist";
import nlWaitlistPublic from "./messages/nl/waitlist";
addMessages("en", { ...enBooking, ...enWaitlistPublic });
addMessages("nl", { ...nlBooking, ...nlWaitlistPublic });

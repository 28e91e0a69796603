// The server, Node tools and tests: every message in both languages, at once (no top-level
// await: some tools load the app as CommonJS).
import { addMessages, holdAll } from "./store";
import en from "./messages/en";
import adminEnglish from "./messages/en/admin";
import nl from "./messages/nl";
import contentEnglish from "./messages/en/content";
import contentDutch from "./messages/nl/content";
import privateEnglish from "./messages/en/private";
import privateDutch from "./messages/nl/private";
import adminDutch from "./messages/nl/admin";
import lifecycleEnglish from "./messages/en/lifecycle";
import lifecycleDutch from "./messages/nl/lifecycle";
import manageEnglish from "./messages/en/manage";
import manageDutch from "./messages/nl/manage";
import adminBookingsEnglish from "./messages/en/admin-bookings";
import adminBookingsDutch from "./messages/nl/admin-bookings";
import adminWaitlistEnglish from "./messages/en/admin-waitlist";
import adminWaitlistDutch from "./messages/nl/admin-waitlist";
import disruptionEnglish from "./messages/en/disruption";
import disruptionDutch from "./messages/nl/disruption";
import adminDisruptionEnglish from "./messages/en/admin-disruption";
import adminDisruptionDutch from "./messages/nl/admin-disruption";

addMessages("en", { ...en, ...contentEnglish, ...privateEnglish, ...lifecycleEnglish, ...manageEnglish, ...adminEnglish, ...adminBookingsEnglish, ...adminWaitlistEnglish });
addMessages("nl", { ...nl, ...contentDutch, ...privateDutch, ...lifecycleDutch, ...manageDutch, ...adminDutch, ...adminBookingsDutch, ...adminWaitlistDutch });
// A cancelled or moved sailing day (decision 015): the participant's page, its e-mails, the admin.
addMessages("en", { ...disruptionEnglish, ...adminDisruptionEnglish });
addMessages("nl", { ...disruptionDutch, ...adminDisruptionDutch });
holdAll();

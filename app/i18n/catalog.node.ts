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
import newsEnglish from "./messages/en/news";
import newsDutch from "./messages/nl/news";
import bookingEnglish from "./messages/en/booking";
import bookingDutch from "./messages/nl/booking";
import waitlistEnglish from "./messages/en/waitlist";
import waitlistDutch from "./messages/nl/waitlist";
import newsletterLinksEnglish from "./messages/en/newsletter-links";
import newsletterLinksDutch from "./messages/nl/newsletter-links";
import adminDutch from "./messages/nl/admin";
import lifecycleEnglish from "./messages/en/lifecycle";
import lifecycleDutch from "./messages/nl/lifecycle";
import formEmailsEnglish from "./messages/en/form-emails";
import formEmailsDutch from "./messages/nl/form-emails";
import errorsEnglish from "./messages/en/errors";
import errorsDutch from "./messages/nl/errors";
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
import placeEnglish from "./messages/en/place";
import placeDutch from "./messages/nl/place";
import placeEmailsEnglish from "./messages/en/place-emails";
import placeEmailsDutch from "./messages/nl/place-emails";
import crewEnglish from "./messages/en/crew";
import crewDutch from "./messages/nl/crew";
import crewEmailsEnglish from "./messages/en/crew-emails";
import crewEmailsDutch from "./messages/nl/crew-emails";
import invoiceEnglish from "./messages/en/invoice";
import invoiceDutch from "./messages/nl/invoice";

addMessages("en", { ...en, ...contentEnglish, ...privateEnglish, ...newsEnglish, ...bookingEnglish, ...waitlistEnglish, ...lifecycleEnglish, ...formEmailsEnglish, ...errorsEnglish, ...manageEnglish, ...adminEnglish, ...adminBookingsEnglish, ...adminWaitlistEnglish });
addMessages("nl", { ...nl, ...contentDutch, ...privateDutch, ...newsDutch, ...bookingDutch, ...waitlistDutch, ...lifecycleDutch, ...formEmailsDutch, ...errorsDutch, ...manageDutch, ...adminDutch, ...adminBookingsDutch, ...adminWaitlistDutch });
// A cancelled or moved sailing day (decision 015): the participant's page, its e-mails, the admin.
addMessages("en", { ...disruptionEnglish, ...adminDisruptionEnglish });
addMessages("nl", { ...disruptionDutch, ...adminDisruptionDutch });
addMessages("en", newsletterLinksEnglish);
addMessages("nl", newsletterLinksDutch);
// A group booking's participant (their page and their e-mails).
addMessages("en", { ...placeEnglish, ...placeEmailsEnglish });
addMessages("nl", { ...placeDutch, ...placeEmailsDutch });
// The crew file (issue 27): the participant's page and its reminders.
addMessages("en", { ...crewEnglish, ...crewEmailsEnglish });
addMessages("nl", { ...crewDutch, ...crewEmailsDutch });
// Invoices and credit notes (issue 28): their PDFs and the e-mails that carry them.
addMessages("en", invoiceEnglish);
addMessages("nl", invoiceDutch);
holdAll();

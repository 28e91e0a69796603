import type { Messages } from "../../define";
import type en from "../en/form-emails";

// The Dutch counterpart of ../en/form-emails.ts: the same keys, checked by typecheck.
export default {
  "events.email.interest.subject": "Nieuwe interesse: {event}",
  "events.email.interest.preview": "{name} heeft interesse in {event}",
  "events.email.interest.heading": "Nieuwe interesse-aanmelding",
  "events.email.interest.intro": "Via de website heeft iemand interesse getoond in {event}.",
  "events.email.interest.event": "Evenement",
  "events.email.interest.dates": "Data",
  "events.email.interest.name": "Naam",
  "events.email.interest.email": "E-mail",
  "events.email.interest.message": "Bericht",
  "events.email.interest.language": "Taal",
  "events.email.interest.noMessage": "(geen bericht)",
  "events.email.interest.footer": "Je ontvangt dit bericht omdat dit het contactadres van het team is.",
  "newsletter.email.confirmSubject": "Bevestig je aanmelding voor de nieuwsbrief van Ocean Racing Team",
  "newsletter.email.confirmPreview": "Eén klik en je zeilt met ons mee vanaf de wal.",
  "newsletter.email.confirmHeading": "Bevestig je aanmelding",
  "newsletter.email.greeting": "Hoi {name},",
  "newsletter.email.confirmText":
    "Bedankt voor je aanmelding voor de nieuwsbrief van Ocean Racing Team. Bevestig met de knop hieronder dat dit jouw e-mailadres is.",
  "newsletter.email.confirmButton": "Aanmelding bevestigen",
  "newsletter.email.confirmFallback": "Of open deze link in je browser:",
  "newsletter.email.confirmIgnore": "Heb je je niet aangemeld? Negeer deze e-mail dan: zonder bevestiging ontvang je niets van ons.",
  "newsletter.email.footerNote": "Je ontvangt deze e-mail omdat dit adres is ingevuld in het nieuwsbriefformulier op onze website.",
  "newsletter.email.teamSubject": "Nieuwe aanmelding nieuwsbrief: {name}",
  "newsletter.email.teamPreview": "{name} heeft zich aangemeld voor de nieuwsbrief.",
  "newsletter.email.teamHeading": "Nieuwe aanmelding nieuwsbrief",
  "newsletter.email.teamText":
    "Er heeft zich iemand aangemeld voor de nieuwsbrief op de website. De aanmelding is actief zodra het adres is bevestigd.",
  "newsletter.email.teamLanguage": "Taal",
  "newsletter.email.teamStatus": "Status",
  "newsletter.email.teamPending": "Wacht op bevestiging",
} satisfies Messages<typeof en>;

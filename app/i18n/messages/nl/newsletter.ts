import type { Messages } from "../../define";
import type en from "../en/newsletter";

// The Dutch counterpart of ../en/newsletter.ts: the same keys, checked by typecheck.
export default {
  "newsletter.kicker": "Nieuwsbrief",
  "newsletter.title": "Zeil mee vanaf de wal",
  "newsletter.pitch":
    "Raceverslagen van aan boord, nieuwe zeildata en als eerste de kans om een plek te boeken: een paar keer per jaar, direct in je inbox.",
  "newsletter.nameLabel": "Naam",
  "newsletter.namePlaceholder": "Je naam",
  "newsletter.emailLabel": "E-mailadres",
  "newsletter.emailPlaceholder": "jij@voorbeeld.nl",
  "newsletter.submit": "Aanmelden",
  "newsletter.submitting": "Bezig met aanmelden...",
  "newsletter.note": "We sturen je eerst een bevestigingslink. Afmelden kan altijd.",
  "newsletter.privacyLink": "Privacybeleid",
  "newsletter.nameRequired": "Naam is verplicht",
  "newsletter.nameTooLong": "Naam mag maximaal 100 tekens lang zijn",
  "newsletter.emailRequired": "E-mail is verplicht",
  "newsletter.invalidEmail": "Ongeldig e-mailadres",
  "newsletter.success": "Succesvol aangemeld!",
  "newsletter.successDetail": "Kijk in je inbox en bevestig je aanmelding met de link die we je hebben gestuurd.",
  "newsletter.alreadySubscribed": "Al aangemeld: dit e-mailadres is al aangemeld",
  "newsletter.emailFailed":
    "Je bent aangemeld, maar er ging iets mis met het versturen van de bevestigingsmail. We proberen het zo opnieuw; komt er niets aan, neem dan contact met ons op.",
  "newsletter.error": "Er is iets misgegaan, probeer het later opnieuw",
  "newsletter.unsubscribeLink": "Afmelden voor deze nieuwsbrief",
} satisfies Messages<typeof en>;

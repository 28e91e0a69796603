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
  "newsletter.confirm.metaTitle": "Aanmelding bevestigen | Ocean Racing Team",
  "newsletter.confirm.title": "Aanmelding bevestigd",
  "newsletter.confirm.text": "Bedankt, {name}. Vanaf nu ontvang je onze nieuwsbrief op {email}.",
  "newsletter.confirm.unsubscribedTitle": "Je bent afgemeld",
  "newsletter.confirm.unsubscribedText":
    "Dit adres is afgemeld voor onze nieuwsbrief. Wil je hem weer ontvangen, meld je dan opnieuw aan op onze website.",
  "newsletter.confirm.invalidTitle": "Link niet geldig",
  "newsletter.confirm.invalidText": "Deze bevestigingslink is niet (meer) geldig. Meld je opnieuw aan om een nieuwe te ontvangen.",
  "newsletter.confirm.unsubscribeHint": "Bedacht? Je kunt je altijd afmelden:",
  "newsletter.toHome": "Terug naar de website",
  "newsletter.signUpAgain": "Aanmelden voor de nieuwsbrief",
  "newsletter.unsubscribe.metaTitle": "Afmelden | Ocean Racing Team",
  "newsletter.unsubscribe.title": "Afmelden voor de nieuwsbrief",
  "newsletter.unsubscribe.text": "Wil je onze nieuwsbrief niet meer ontvangen op {email}?",
  "newsletter.unsubscribe.button": "Ja, afmelden",
  "newsletter.unsubscribe.doneTitle": "Je bent afgemeld",
  "newsletter.unsubscribe.doneText": "Je ontvangt onze nieuwsbrief niet meer op {email}. Je kunt je altijd opnieuw aanmelden.",
  "newsletter.unsubscribe.invalidTitle": "Link niet geldig",
  "newsletter.unsubscribe.invalidText":
    "Deze afmeldlink is niet (meer) geldig. Ontvang je onze nieuwsbrief nog, gebruik dan de link in de laatste e-mail of neem contact met ons op.",
} satisfies Messages<typeof en>;

import type { Messages } from "../../define";
import type en from "../en/newsletter-links";

// The Dutch counterpart of ../en/newsletter-links.ts: the same keys, checked by typecheck.
export default {
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

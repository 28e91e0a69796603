import { defineMessages } from "../define";

/** Short answers to requests the server refuses before any page or form handles them. */
export default defineMessages({
  en: {
    "errors.badRequest": "The request could not be read. Please go back and try again.",
    "errors.tooLarge": "What you sent is too large. Please send less and try again.",
    "errors.unsupportedType": "This form was sent in a format the site does not accept.",
    "errors.crossOrigin": "This form can only be sent from this website.",
  },
  nl: {
    "errors.badRequest": "Het verzoek kon niet worden gelezen. Ga terug en probeer het opnieuw.",
    "errors.tooLarge": "Wat u verstuurde is te groot. Verstuur minder en probeer het opnieuw.",
    "errors.unsupportedType": "Dit formulier is verstuurd in een vorm die de site niet accepteert.",
    "errors.crossOrigin": "Dit formulier kan alleen vanaf deze website worden verstuurd.",
  },
});

import type { Messages } from "../../define";
import type en from "../en/errors";

// The Dutch counterpart of ../en/errors.ts: the same keys, checked by typecheck.
export default {
  "errors.badRequest": "Het verzoek kon niet worden gelezen. Ga terug en probeer het opnieuw.",
  "errors.tooLarge": "Wat u verstuurde is te groot. Verstuur minder en probeer het opnieuw.",
  "errors.unsupportedType": "Dit formulier is verstuurd in een vorm die de site niet accepteert.",
  "errors.crossOrigin": "Dit formulier kan alleen vanaf deze website worden verstuurd.",
} satisfies Messages<typeof en>;

import type { Messages } from "../../define";
import type en from "../en/crew-emails";

export default {
  "crew.email.reminder.subject": "Bemanningsdossier voor {event}: nog nodig uiterlijk {deadline}",
  "crew.email.reminder.preview": "De schipper heeft nog iets van je nodig voor {event}.",
  "crew.email.reminder.heading": "Je bemanningsdossier is nog niet compleet",
  "crew.email.reminder.greeting": "Hoi {name},",
  "crew.email.reminder.intro": "Voor {event} heeft de schipper nog het volgende van je nodig, uiterlijk {deadline}:",
  "crew.email.reminder.outro": "Na die datum zijn deze onderdelen vergrendeld en kun je ze alleen nog via het team ({email}) laten wijzigen.",
  "crew.email.reminder.button": "Mijn bemanningsdossier invullen",
  "crew.email.reminder.linkText": "Of open deze link:",
} satisfies Messages<typeof en>;

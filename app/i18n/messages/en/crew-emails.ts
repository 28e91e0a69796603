// The crew file's reminders (server only, app/emails/crew-reminder.tsx).
export default {
  "crew.email.reminder.subject": "Crew file for {event}: still needed by {deadline}",
  "crew.email.reminder.preview": "The skipper still needs something from you for {event}.",
  "crew.email.reminder.heading": "Your crew file is not complete yet",
  "crew.email.reminder.greeting": "Hi {name},",
  "crew.email.reminder.intro": "For {event} the skipper still needs the following from you, by {deadline}:",
  "crew.email.reminder.outro": "After that date these items are locked and can only be changed by asking the team ({email}).",
  "crew.email.reminder.button": "Complete my crew file",
  "crew.email.reminder.linkText": "Or open this link:",
} as const;

// The e-mails the interest and newsletter forms send (to the team, to the subscriber): rendered on
// the server only, so they never reach a browser (app/i18n/catalog.node.ts loads them).
// Keys "events.email." and "newsletter.email.".
const formEmails = {
  "events.email.interest.subject": "New interest: {event}",
  "events.email.interest.preview": "{name} is interested in {event}",
  "events.email.interest.heading": "New interest sign-up",
  "events.email.interest.intro": "Someone has shown interest in {event} via the website.",
  "events.email.interest.event": "Event",
  "events.email.interest.dates": "Dates",
  "events.email.interest.name": "Name",
  "events.email.interest.email": "E-mail",
  "events.email.interest.message": "Message",
  "events.email.interest.language": "Language",
  "events.email.interest.noMessage": "(no message)",
  "events.email.interest.footer": "You receive this message because you are the team's contact address.",
  "newsletter.email.confirmSubject": "Confirm your subscription to the Ocean Racing Team newsletter",
  "newsletter.email.confirmPreview": "One click and you sail along with us from shore.",
  "newsletter.email.confirmHeading": "Confirm your subscription",
  "newsletter.email.greeting": "Hi {name},",
  "newsletter.email.confirmText":
    "Thank you for signing up for the Ocean Racing Team newsletter. Please confirm that this is your e-mail address with the button below.",
  "newsletter.email.confirmButton": "Confirm subscription",
  "newsletter.email.confirmFallback": "Or open this link in your browser:",
  "newsletter.email.confirmIgnore": "Did you not sign up? Then ignore this e-mail: without confirmation you will not receive anything from us.",
  "newsletter.email.footerNote": "You receive this e-mail because this address was entered in the newsletter form on our website.",
  "newsletter.email.teamSubject": "New newsletter sign-up: {name}",
  "newsletter.email.teamPreview": "{name} signed up for the newsletter.",
  "newsletter.email.teamHeading": "New newsletter sign-up",
  "newsletter.email.teamText": "Someone signed up for the newsletter on the website. The subscription is active once they confirm their address.",
  "newsletter.email.teamLanguage": "Language",
  "newsletter.email.teamStatus": "Status",
  "newsletter.email.teamPending": "Awaiting confirmation",
};

export default formEmails;

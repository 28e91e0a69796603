// Newsletter form and its outcomes. Keys prefixed "newsletter." (the confirm/unsubscribe pages':
// ./newsletter-links.ts; the e-mails': ./form-emails.ts, server only).
const newsletter = {
  "newsletter.kicker": "Newsletter",
  "newsletter.title": "Sail along from shore",
  "newsletter.pitch":
    "Race reports from on board, new sailing dates and the first chance to book a place: a few times a year, straight to your inbox.",
  "newsletter.nameLabel": "Name",
  "newsletter.namePlaceholder": "Your name",
  "newsletter.emailLabel": "E-mail address",
  "newsletter.emailPlaceholder": "you@example.com",
  "newsletter.submit": "Sign up",
  "newsletter.submitting": "Signing up...",
  "newsletter.note": "We first send you a confirmation link. You can unsubscribe at any time.",
  "newsletter.privacyLink": "Privacy policy",
  "newsletter.nameRequired": "Name is required",
  "newsletter.nameTooLong": "Name must be at most 100 characters",
  "newsletter.emailRequired": "Email is required",
  "newsletter.invalidEmail": "Invalid email address",
  "newsletter.success": "Signed up successfully!",
  "newsletter.successDetail": "Check your inbox and confirm your subscription with the link we sent you.",
  "newsletter.alreadySubscribed": "Already subscribed: This email address is already subscribed",
  "newsletter.emailFailed":
    "You are signed up, but there was an issue sending the confirmation e-mail. We will try again shortly; if nothing arrives, please contact us.",
  "newsletter.error": "Something went wrong, please try again later",
  "newsletter.unsubscribeLink": "Unsubscribe from this newsletter",
};

export default newsletter;

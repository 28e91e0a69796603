// Newsletter form, its outcomes, the confirm/unsubscribe pages. Keys prefixed "newsletter." (the e-mails':
// ./form-emails.ts, server only).
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
  "newsletter.confirm.metaTitle": "Confirm subscription | Ocean Racing Team",
  "newsletter.confirm.title": "Subscription confirmed",
  "newsletter.confirm.text": "Thank you, {name}. From now on you will receive our newsletter at {email}.",
  "newsletter.confirm.unsubscribedTitle": "You are unsubscribed",
  "newsletter.confirm.unsubscribedText":
    "This address was unsubscribed from our newsletter. To receive it again, sign up once more on our website.",
  "newsletter.confirm.invalidTitle": "Link not valid",
  "newsletter.confirm.invalidText": "This confirmation link is not valid (any more). Sign up again to receive a new one.",
  "newsletter.confirm.unsubscribeHint": "Changed your mind? You can unsubscribe at any time:",
  "newsletter.toHome": "Back to the website",
  "newsletter.signUpAgain": "Sign up for the newsletter",
  "newsletter.unsubscribe.metaTitle": "Unsubscribe | Ocean Racing Team",
  "newsletter.unsubscribe.title": "Unsubscribe from the newsletter",
  "newsletter.unsubscribe.text": "Do you want to stop receiving our newsletter at {email}?",
  "newsletter.unsubscribe.button": "Yes, unsubscribe",
  "newsletter.unsubscribe.doneTitle": "You are unsubscribed",
  "newsletter.unsubscribe.doneText": "You will no longer receive our newsletter at {email}. You can sign up again at any time.",
  "newsletter.unsubscribe.invalidTitle": "Link not valid",
  "newsletter.unsubscribe.invalidText":
    "This unsubscribe link is not valid (any more). If you still receive our newsletter, use the link in the latest e-mail or contact us.",
};

export default newsletter;

// The pages a newsletter e-mail's links open: the confirmation and the unsubscribe page
// (`~/i18n/newsletter-links`). Keys prefixed "newsletter."; the form's are in ./newsletter.ts.
const newsletterLinks = {
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

export default newsletterLinks;

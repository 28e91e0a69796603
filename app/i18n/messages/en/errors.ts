/**
 * Short answers to requests the server refuses before any page or form handles them: used on the
 * server only, so not in the browser's catalog (app/i18n/catalog.node.ts loads them).
 */
const errors = {
  "errors.badRequest": "The request could not be read. Please go back and try again.",
  "errors.tooLarge": "What you sent is too large. Please send less and try again.",
  "errors.unsupportedType": "This form was sent in a format the site does not accept.",
  "errors.crossOrigin": "This form can only be sent from this website.",
};

export default errors;

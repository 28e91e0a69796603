// Messages about content in two languages (decision 016). Keep keys prefixed "contentLanguage.".
const contentLanguage = {
  // Shown (in the visitor's language) above texts that exist only in the other language.
  "contentLanguage.note.onlyIn.nl": "Only available in Dutch: {fields}.",
  "contentLanguage.note.onlyIn.en": "Only available in English: {fields}.",
  "contentLanguage.field.title": "the title",
  "contentLanguage.field.description": "the summary",
  "contentLanguage.field.content": "the article's text",
  "contentLanguage.field.name": "the name",
  "contentLanguage.field.eventDescription": "the description",
  "contentLanguage.field.included": "what's included",
};

export default contentLanguage;

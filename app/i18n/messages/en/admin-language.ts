// Admin messages for texts in two languages (decision 016). Keys prefixed "admin.language.".
const adminLanguage = {
  "admin.language.texts": "Texts",
  "admin.language.dutch": "Dutch",
  "admin.language.english": "English",
  "admin.language.articleHint":
    "Fill in at least one language completely (title, description and content). Where a language is missing, its visitors see the other one with a note that it is only available in that language.",
  "admin.language.eventHint":
    "Dutch is required, English optional: fields left empty show English-speaking visitors the Dutch text, with a note.",
  "admin.language.oneRequired": "Fill in the title, description and content in Dutch or in English",
  "admin.language.completeLanguage": "Fill in this field too, or leave this language empty",
  "admin.language.previewEn": "Preview (English)",
};

export default adminLanguage;

import { defineMessages } from "../define";

// News list, article dialog and article cards. Keys prefixed "news.".
export default defineMessages({
  en: {
    "news.category.victory": "Victory",
    "news.category.preparation": "Preparation",
    "news.category.team": "Team",
    "news.category.featured": "Featured",
    "news.category.general": "General",
  },
  nl: {
    "news.category.victory": "Overwinning",
    "news.category.preparation": "Voorbereiding",
    "news.category.team": "Team",
    "news.category.featured": "Uitgelicht",
    "news.category.general": "Algemeen",
  },
});

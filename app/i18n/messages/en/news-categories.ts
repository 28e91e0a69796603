// An article's category, on every article card (the home page's too) and in the admin. Keys
// "news.category."; the rest of the news pages' texts are in ./news.ts (loaded with those pages).
const newsCategories = {
  "news.category.victory": "Victory",
  "news.category.preparation": "Preparation",
  "news.category.team": "Team",
  "news.category.featured": "Featured",
  "news.category.general": "General",
};

export default newsCategories;

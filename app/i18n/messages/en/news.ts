// The news list and an article's page and dialog (`~/i18n/news`). Keys prefixed "news."; the
// categories, which article cards on other pages show too, are in ./news-categories.ts.
const news = {
  "news.meta.title": "News | Ocean Racing Team",
  "news.meta.description":
    "Race reports, preparations and crew news from the Dutch ocean-racing team: from the round-the-world race to the North Sea record attempt.",
  "news.article.metaTitle": "{title} | Ocean Racing Team",
  "news.back": "Back",
  "news.kicker": "From the team",
  "news.title": "News",
  "news.intro": "Race reports, preparations and life on board our 65 ft ocean racer, straight from the crew.",
  "news.latest": "Latest article",
  "news.more": "More news",
  "news.empty": "No news yet. Our first stories are on their way: check back soon.",
  "news.loading": "Loading articles...",
  "news.document": "Download document",
  "news.documentFallback": "Document",
  "news.closeArticle": "Back to news",
  "news.notFoundTitle": "Article not found",
  "news.notFoundText": "Oops! Page not found",
  "news.loadMore": "Load more",
  "news.loadingMore": "Loading more articles...",
};

export default news;

import type { Messages } from "../../define";
import type en from "../en/news-categories";

// The Dutch counterpart of ../en/news-categories.ts: the same keys, checked by typecheck.
export default {
  "news.category.victory": "Overwinning",
  "news.category.preparation": "Voorbereiding",
  "news.category.team": "Team",
  "news.category.featured": "Uitgelicht",
  "news.category.general": "Algemeen",
} satisfies Messages<typeof en>;

import type { Messages } from "../../define";
import type en from "../en/news";

// The Dutch counterpart of ../en/news.ts: the same keys, checked by typecheck.
export default {
  "news.meta.title": "Nieuws | Ocean Racing Team",
  "news.meta.description":
    "Raceverslagen, voorbereidingen en bemanningsnieuws van het Nederlandse oceaanraceteam: van de race rond de wereld tot de recordpoging op de Noordzee.",
  "news.article.metaTitle": "{title} | Ocean Racing Team",
  "news.back": "Terug",
  "news.kicker": "Van het team",
  "news.title": "Nieuws",
  "news.intro": "Raceverslagen, voorbereidingen en het leven aan boord van onze 65 voet oceaanracer, rechtstreeks van de bemanning.",
  "news.latest": "Nieuwste artikel",
  "news.more": "Meer nieuws",
  "news.empty": "Nog geen nieuws. Onze eerste verhalen komen eraan: kijk binnenkort nog eens.",
  "news.loading": "Artikelen laden...",
  "news.document": "Document downloaden",
  "news.documentFallback": "Document",
  "news.closeArticle": "Terug naar nieuws",
  "news.notFoundTitle": "Artikel niet gevonden",
  "news.notFoundText": "Oeps! Pagina niet gevonden",
  "news.loadMore": "Meer laden",
  "news.loadingMore": "Meer artikelen laden...",
} satisfies Messages<typeof en>;

import type { LanguageFallback } from "~/lib/content-language";

export type ArticleCategory = "victory" | "preparation" | "team" | "featured" | "general";

/** An article as the browser receives it, in the visitor's language. */
export type ArticleView = {
  id: string;
  slug: string;
  title: string;
  description: string;
  /** Markdown; rendered sanitized. */
  content: string;
  date: string;
  category: ArticleCategory;
  image: string | null;
  /** AVIF and WebP `srcset`s when the image is an upload; null for plain URLs. */
  imageSources: { avif: string; webp: string } | null;
  documentUrl: string | null;
  documentName: string | null;
  /** Texts shown in the other language because the visitor's is missing (null or absent: none). */
  fallback?: LanguageFallback | null;
};

import { z } from "zod";
import type { MessageKey } from "~/i18n";
import type { ArticleCategory } from "~/lib/articles";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "~/lib/slug";

/**
 * The article form's one schema, used by the form in the browser and by the action. Messages are
 * i18n keys. Files are checked on the server by their bytes; here only whether one was chosen.
 */

export const ARTICLE_CATEGORIES: readonly ArticleCategory[] = ["victory", "preparation", "team", "featured", "general"];

export const ARTICLE_LIMITS = { title: 200, description: 500, content: 100_000 } as const;

const REQUIRED: MessageKey = "admin.articles.validation.required";
const TOO_LONG: MessageKey = "admin.articles.validation.tooLong";
const ONE_LANGUAGE: MessageKey = "admin.language.oneRequired";
const COMPLETE_LANGUAGE: MessageKey = "admin.language.completeLanguage";

function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, TOO_LONG)
    .optional()
    .transform((value) => value || null);
}

/** A file input: Conform turns the empty, nameless part of an unused input into undefined. */
export const optionalFile = z.file().optional();
export const checkbox = z.boolean().default(false);

/**
 * An article is written in Dutch, in English or in both (decision 016): at least one language
 * complete (title, description and content), and a language that is started is finished. The
 * texts of a language left out are stored empty ("" in the Dutch columns, null in the English).
 */
export const articleSchema = z.object({
  title: optionalText(ARTICLE_LIMITS.title),
  slug: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(SLUG_MAX_LENGTH, TOO_LONG)
    .regex(SLUG_PATTERN, "admin.articles.validation.slugPattern" satisfies MessageKey),
  description: optionalText(ARTICLE_LIMITS.description),
  content: optionalText(ARTICLE_LIMITS.content),
  date: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "admin.articles.validation.date" satisfies MessageKey)
    .optional(),
  category: z.enum(["victory", "preparation", "team", "featured", "general"], { error: "admin.articles.validation.category" satisfies MessageKey }).default("general"),
  titleEn: optionalText(ARTICLE_LIMITS.title),
  descriptionEn: optionalText(ARTICLE_LIMITS.description),
  contentEn: optionalText(ARTICLE_LIMITS.content),
  published: checkbox,
  image: optionalFile,
  document: optionalFile,
  documentName: optionalText(200),
  removeImage: checkbox,
  removeDocument: checkbox,
}).superRefine((article, ctx) => {
  const languages = [
    { title: "title", description: "description", content: "content" },
    { title: "titleEn", description: "descriptionEn", content: "contentEn" },
  ] as const;
  const started = languages.filter((fields) => article[fields.title] || article[fields.description] || article[fields.content]);
  if (started.length === 0) {
    for (const path of ["title", "description", "content"]) ctx.addIssue({ code: "custom", path: [path], message: ONE_LANGUAGE });
    return;
  }
  for (const fields of started) {
    for (const field of Object.values(fields)) {
      if (!article[field]) ctx.addIssue({ code: "custom", path: [field], message: COMPLETE_LANGUAGE });
    }
  }
  // Also when another field (the slug) failed, so every missing text is named at once.
}, { when: (payload) => typeof payload.value === "object" && payload.value !== null });

export type ArticleFormValues = z.infer<typeof articleSchema>;

import { Languages } from "lucide-react";
import { useI18n, type MessageKey } from "~/i18n";
import type { FallbackField, LanguageFallback } from "~/lib/content-language";
import { listFormat } from "~/lib/intl";
import { cn } from "~/lib/utils";

const FIELD_LABELS: Record<"article" | "event", Record<FallbackField, MessageKey>> = {
  article: {
    title: "contentLanguage.field.title",
    description: "contentLanguage.field.description",
    content: "contentLanguage.field.content",
    name: "contentLanguage.field.title",
    included: "contentLanguage.field.included",
  },
  event: {
    title: "contentLanguage.field.name",
    name: "contentLanguage.field.name",
    description: "contentLanguage.field.eventDescription",
    content: "contentLanguage.field.eventDescription",
    included: "contentLanguage.field.included",
  },
};

/**
 * "Only available in Dutch: the article's text." — in the visitor's language, above an article's
 * or event's texts that are shown in the other language (decision 016). Nothing when none are.
 * The texts themselves carry `lang` (see `langOf`); the note names which ones fell back.
 */
export function LanguageNote({ fallback, kind, className }: { fallback: LanguageFallback | null | undefined; kind: "article" | "event"; className?: string }) {
  const { t, locale } = useI18n();
  if (!fallback || fallback.fields.length === 0) return null;
  const fields = listFormat(locale === "nl" ? "nl-NL" : "en-GB", { type: "conjunction" }).format(fallback.fields.map((field) => t(FIELD_LABELS[kind][field])));
  return (
    <p
      data-testid="language-note"
      className={cn("flex items-start gap-2 rounded-md border border-ocean-600/30 bg-foam-100 px-3 py-2 text-sm text-navy-900", className)}
    >
      <Languages aria-hidden className="mt-0.5 size-4 shrink-0 text-ocean-700" />
      <span>{t(fallback.lang === "nl" ? "contentLanguage.note.onlyIn.nl" : "contentLanguage.note.onlyIn.en", { fields })}</span>
    </p>
  );
}

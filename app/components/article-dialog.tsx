import { ArrowLeft, FileText } from "lucide-react";
import { useId, useSyncExternalStore, type ComponentType, type ReactNode } from "react";
import { Link } from "react-router";
import { useI18n } from "~/i18n";
import "~/i18n/news";
import type { ArticleView } from "~/lib/articles";
import { formatArticleDate } from "~/lib/dates";
import { returnFocus } from "~/lib/focus-return";
import { cn } from "~/lib/utils";
import { langOf } from "~/lib/content-language";
import { LanguageNote } from "./language-note";
import { Markdown } from "./markdown";
import { ImageWithFallback } from "./picture";
import { Badge } from "./ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./ui/dialog";

const noSubscription = () => () => {};
/** False while the server renders and during hydration, true afterwards. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

type TitleProps = { id?: string; className?: string; lang?: string; children: ReactNode };

function ArticleBody({
  article,
  Title,
  Description,
}: {
  article: ArticleView;
  Title: ComponentType<TitleProps>;
  Description: ComponentType<TitleProps>;
}) {
  const { t, locale } = useI18n();
  return (
    <>
      <ImageWithFallback title={article.title} src={article.image} sources={article.imageSources} sizes="(min-width: 768px) 768px, 100vw" alt="" width={1280} height={720} className="aspect-[16/9] w-full object-cover" />
      <div className="flex flex-col gap-4 p-6 sm:p-8">
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <Badge variant={article.category === "victory" ? "accent" : "secondary"}>{t(`news.category.${article.category}` as const)}</Badge>
          <time dateTime={article.date}>{formatArticleDate(article.date, locale)}</time>
        </div>
        <LanguageNote fallback={article.fallback} kind="article" />
        <Title lang={langOf(article.fallback, "title")} className="pr-6 text-3xl font-bold uppercase leading-none text-navy-900 sm:text-4xl">
          {article.title}
        </Title>
        <Description lang={langOf(article.fallback, "description")} className="text-lg leading-relaxed text-slate-600">
          {article.description}
        </Description>
        <div lang={langOf(article.fallback, "content")} className="contents">
          <Markdown content={article.content} />
        </div>
        {article.documentUrl ? (
          <a
            href={article.documentUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-2 inline-flex items-center gap-3 self-start rounded-md border border-ocean-600/30 bg-foam-100 px-4 py-3 font-semibold text-ocean-700 hover:bg-foam-200/60"
          >
            <FileText className="size-5" aria-hidden />
            <span>
              {t("news.document")}
              <span className="block text-sm font-normal text-muted-foreground">{article.documentName || t("news.documentFallback")}</span>
            </span>
          </a>
        ) : null}
      </div>
    </>
  );
}

// The close button sits over the picture: give it a solid background so it stays visible.
const dialogClasses =
  "max-w-3xl gap-0 overflow-x-hidden p-0 sm:w-[calc(100%-3rem)] [&>button:last-child]:bg-white [&>button:last-child]:p-1.5 [&>button:last-child]:opacity-90 [&>button:last-child]:shadow-md [&>button:last-child]:rounded-full";

type DialogParts = { Title: ComponentType<TitleProps>; Description: ComponentType<TitleProps> };

/**
 * A dialog that a route opens (its URL is the open state). Before hydration, and without
 * JavaScript, the same content is rendered in place as a static overlay with a link back, so a
 * shared link shows its content in the first HTML already; once hydrated it is a Radix dialog
 * (focus trapped, Escape closes).
 */
export function RouteDialog({
  onClose,
  closeHref,
  closeLabel,
  className,
  children,
  testId,
  opener,
}: {
  onClose: () => void;
  /** What opened the dialog (its card link), where focus returns when it closes. */
  opener?: { kind: "event" | "article"; slug: string };
  closeHref: string;
  closeLabel: string;
  className?: string;
  children: (parts: DialogParts) => ReactNode;
  testId?: string;
}) {
  const hydrated = useHydrated();
  const titleId = useId();
  const descriptionId = useId();

  if (!hydrated) {
    const parts: DialogParts = {
      Title: (props) => <h2 id={titleId} {...props} />,
      Description: (props) => <p id={descriptionId} {...props} />,
    };
    return (
      <div className="fixed inset-0 z-50 overflow-y-auto bg-navy-950/70 p-3 backdrop-blur-sm">
        <div
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={descriptionId}
          data-testid={testId}
          className="relative mx-auto my-6 w-full max-w-3xl overflow-hidden rounded-lg border bg-background shadow-2xl"
        >
          {children(parts)}
          <div className="px-6 pb-8 sm:px-8">
            <Link to={closeHref} preventScrollReset className="inline-flex items-center gap-2 font-semibold text-ocean-600 hover:underline">
              <ArrowLeft className="size-4" aria-hidden />
              {closeLabel}
            </Link>
          </div>
        </div>
      </div>
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className={cn(dialogClasses, className)}
        data-testid={testId}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          if (opener) returnFocus(opener.kind, opener.slug);
          else returnFocus("article", "");
        }}
      >
        {children({ Title: DialogTitle, Description: DialogDescription })}
      </DialogContent>
    </Dialog>
  );
}

/** One article in a dialog over the news list (/news/<slug>). */
export function ArticleDialog({ article, onClose, closeHref }: { article: ArticleView; onClose: () => void; closeHref: string }) {
  const { t } = useI18n();
  return (
    <RouteDialog
      onClose={onClose}
      closeHref={closeHref}
      closeLabel={t("news.closeArticle")}
      testId="article-dialog"
      opener={{ kind: "article", slug: article.slug }}
    >
      {({ Title, Description }) => <ArticleBody article={article} Title={Title} Description={Description} />}
    </RouteDialog>
  );
}

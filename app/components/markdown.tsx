import type { ComponentProps } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import { Link } from "react-router";
import rehypeSanitize from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import { cn } from "~/lib/utils";
import { ImageWithFallback } from "./picture";

function MarkdownLink({ href = "", children, node: _node, ...props }: ComponentProps<"a"> & { node?: unknown }) {
  // Links within the site navigate client-side; anything else opens in a new tab.
  if (href.startsWith("/") && !href.startsWith("//")) {
    return (
      <Link to={href} {...props}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
    </a>
  );
}

function MarkdownImage({ src, alt }: ComponentProps<"img"> & { node?: unknown }) {
  // Markdown gives no dimensions: 16:9 reserves the space until the picture is known.
  return (
    <ImageWithFallback
      src={typeof src === "string" ? src : null}
      alt={alt ?? ""}
      width={1280}
      height={720}
      className="my-6 h-auto w-full rounded-lg"
    />
  );
}

/**
 * Headings start at h3: the page (h1) and the dialog's title (h2) sit above the article's own.
 */
const components: Components = {
  h1: ({ node: _node, ...props }) => <h3 {...props} />,
  h2: ({ node: _node, ...props }) => <h3 {...props} />,
  h3: ({ node: _node, ...props }) => <h4 className="mt-6 mb-2 text-lg font-semibold text-navy-900" {...props} />,
  h4: ({ node: _node, ...props }) => <h5 className="mt-4 mb-2 font-semibold text-navy-900" {...props} />,
  a: MarkdownLink,
  img: MarkdownImage,
};

/**
 * Markdown written by the team, rendered safely: GitHub-flavoured (tables, lists, links), raw HTML
 * dropped, and the result sanitized, so an article can never inject script or markup.
 */
export function Markdown({ content, className }: { content: string; className?: string }) {
  return (
    <div className={cn("prose-article", className)}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]} skipHtml components={components}>
        {content}
      </ReactMarkdown>
    </div>
  );
}

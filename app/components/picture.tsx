import { useState, type ReactNode } from "react";
import { ImageOff } from "lucide-react";
import { useI18n } from "~/i18n";
import { useHydrated } from "~/lib/hydrated";
import { cn } from "~/lib/utils";

/** The widths every picture in public/images comes in. */
const DEMO_WIDTHS = [640, 960, 1280];

/** The hero picture also comes in 1920 px (a full-screen background on large screens). */
export const HERO_WIDTHS = [...DEMO_WIDTHS, 1920];

/**
 * A `<link rel="preload">` for a page's largest picture, as a meta descriptor (React Router's
 * <Meta /> comes first in the head, before the stylesheet, fonts and scripts, so the download
 * starts with them instead of after them). The same srcset and sizes as its <picture>, so the
 * browser fetches exactly the file the picture then uses. AVIF only: a browser without AVIF skips
 * a preload of a type it does not support and takes the WebP source as before.
 */
export function picturePreload(name: string, { widths = DEMO_WIDTHS, sizes = "100vw" }: { widths?: number[]; sizes?: string } = {}) {
  return srcSetPreload(widths.map((w) => `/images/${name}-${w}.avif ${w}w`).join(", "), sizes);
}

/** `picturePreload` for any AVIF `srcset` (an upload's, a card's) and the `sizes` of its picture. */
export function srcSetPreload(avifSrcSet: string, sizes: string) {
  const candidates = avifSrcSet.split(",").map((entry) => entry.trim().split(/\s+/)[0]!);
  return {
    tagName: "link",
    rel: "preload",
    as: "image",
    type: "image/avif",
    // With an href React puts the link among the head's first tags (without one, after the scripts'
    // modulepreloads); a browser that reads imageSrcSet ignores it.
    href: candidates[candidates.length - 1],
    imageSrcSet: avifSrcSet,
    imageSizes: sizes,
    fetchPriority: "high",
  } as const;
}

/**
 * A picture far enough down the page to wait for the page's own files (decision 032): until React
 * has hydrated, the server's HTML holds it in a <noscript> (shown as it is when scripting is off)
 * with an empty box of its size in its place (hidden when scripting is off, app.css), so a
 * browser with JavaScript does not request it alongside the scripts, fonts and hero of a first
 * visit. Once hydrated it is the lazily loaded picture it always was; after a client navigation
 * it is that at once.
 */
function AfterHydration({
  children,
  className,
  width,
  height,
  enabled = true,
}: {
  children: ReactNode;
  className?: string;
  width: number;
  height: number;
  /** False for a picture shown at once (the page's largest, one not marked `deferred`). */
  enabled?: boolean;
}) {
  const hydrated = useHydrated();
  if (hydrated || !enabled) return <>{children}</>;
  return (
    <>
      <span aria-hidden data-picture-pending className={cn("block", className)} style={{ aspectRatio: `${width} / ${height}` }} />
      <noscript>{children}</noscript>
    </>
  );
}

/** One of the project's own demo pictures in public/images, as AVIF and WebP in several widths. */
export function DemoPicture({
  name,
  alt,
  widths = DEMO_WIDTHS,
  sizes = "100vw",
  width = 1280,
  height = 720,
  priority = false,
  deferred = false,
  className,
}: {
  name: string;
  alt: string;
  widths?: number[];
  sizes?: string;
  width?: number;
  height?: number;
  priority?: boolean;
  /** Below the first screen: requested once the page has hydrated (`AfterHydration`). */
  deferred?: boolean;
  className?: string;
}) {
  const srcSet = (ext: string) => widths.map((w) => `/images/${name}-${w}.${ext} ${w}w`).join(", ");
  return (
    <ImageWithFallback
      src={`/images/${name}-${widths[widths.length - 1]}.webp`}
      sources={{ avif: srcSet("avif"), webp: srcSet("webp") }}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      priority={priority}
      deferred={deferred}
      className={className}
    />
  );
}

/**
 * The AVIF and WebP `srcset`s of one of the project's own pictures, from the path stored on an
 * article or event (`/images/<name>-1280.webp`: every picture in public/images comes in 640, 960
 * and 1280 px, both formats; 960 is what a phone's full-width picture needs). Null for any other
 * path (uploads get theirs from the server).
 */
export function demoPictureSources(src: string | null | undefined): { avif: string; webp: string } | null {
  const match = src ? /^\/images\/([a-z0-9-]+)-1280\.webp$/.exec(src) : null;
  if (!match) return null;
  const srcSet = (ext: string) => DEMO_WIDTHS.map((w) => `/images/${match[1]}-${w}.${ext} ${w}w`).join(", ");
  return { avif: srcSet("avif"), webp: srcSet("webp") };
}

/** A picture's `srcset`s: an upload's from the server, else the demo picture's from its path. */
export function pictureSources(src: string | null | undefined, uploaded: { avif: string; webp: string } | null | undefined): { avif: string; webp: string } | null {
  return uploaded ?? demoPictureSources(src);
}

/**
 * An image that shows the 'image unavailable' placeholder when it fails to load. `priority` for
 * the page's largest picture (loaded at once, fetched first); every other image loads lazily.
 * The width and height attributes keep its place, so nothing shifts when it arrives.
 */
export function ImageWithFallback({
  src,
  alt,
  width,
  height,
  className,
  srcSet,
  sources: uploadSources,
  sizes,
  priority = false,
  deferred = false,
}: {
  /** Unused by the image itself; kept so callers can pass the item's title for context. */
  title?: string;
  src: string | null;
  alt: string;
  width: number;
  height: number;
  className?: string;
  srcSet?: string;
  /** AVIF and WebP `srcset`s of an uploaded image: rendered as a <picture>. */
  sources?: { avif: string; webp: string } | null;
  sizes?: string;
  priority?: boolean;
  /** Below the first screen: requested once the page has hydrated (`AfterHydration`). */
  deferred?: boolean;
}) {
  const { t } = useI18n();
  const [failed, setFailed] = useState(false);
  const sources = pictureSources(src, uploadSources);
  if (!src) return <NoPicture className={className} width={width} height={height} />;
  if (failed) {
    return (
      <div
        role="img"
        aria-label={t("common.imageUnavailable")}
        className={cn("flex flex-col items-center justify-center gap-2 bg-gradient-to-br from-ocean-700 to-navy-900 text-foam-200", className)}
        style={{ aspectRatio: `${width} / ${height}` }}
        data-testid="image-unavailable"
      >
        <ImageOff className="size-8" aria-hidden />
        <span className="text-sm">{t("common.imageUnavailable")}</span>
      </div>
    );
  }
  const img = (
    <img
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={className}
      // An image that failed before hydration already fired its error event: check on mount.
      ref={(img) => {
        if (img && img.complete && img.naturalWidth === 0) setFailed(true);
      }}
      onError={() => setFailed(true)}
    />
  );
  return (
    <AfterHydration enabled={deferred && !priority} className={className} width={width} height={height}>
      {sources ? (
        <picture>
          <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
          <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
          {img}
        </picture>
      ) : (
        img
      )}
    </AfterHydration>
  );
}

/**
 * An item without a picture is a designed state, not an error: the team's colours with a quiet
 * wave pattern and the logo. Decorative (the card or dialog names the item).
 */
export function NoPicture({ className, width, height }: { className?: string; width: number; height: number }) {
  return (
    <div
      aria-hidden
      className={cn("relative flex items-center justify-center overflow-hidden bg-gradient-to-br from-ocean-700 via-navy-800 to-navy-900", className)}
      style={{ aspectRatio: `${width} / ${height}` }}
      data-testid="image-none"
    >
      <svg className="absolute inset-x-0 bottom-0 h-1/2 w-full text-white/10" viewBox="0 0 400 100" preserveAspectRatio="none">
        <path d="M0 60 C 60 40, 120 80, 200 60 S 340 40, 400 60 V100 H0 Z" fill="currentColor" />
        <path d="M0 75 C 70 60, 130 95, 210 75 S 340 60, 400 78 V100 H0 Z" fill="currentColor" />
      </svg>
      <img src="/favicon.svg" alt="" width={56} height={56} loading="lazy" className="relative size-14 opacity-90" />
    </div>
  );
}

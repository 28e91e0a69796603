import { useState } from "react";
import { ImageOff } from "lucide-react";
import { useI18n } from "~/i18n";
import { cn } from "~/lib/utils";

/** One of the project's own demo pictures in public/images, as AVIF and WebP in several widths. */
export function DemoPicture({
  name,
  alt,
  widths = [640, 1280],
  sizes = "100vw",
  width = 1280,
  height = 720,
  priority = false,
  className,
}: {
  name: string;
  alt: string;
  widths?: number[];
  sizes?: string;
  width?: number;
  height?: number;
  priority?: boolean;
  className?: string;
}) {
  const srcSet = (ext: string) => widths.map((w) => `/images/${name}-${w}.${ext} ${w}w`).join(", ");
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet("avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet("webp")} sizes={sizes} />
      <img
        src={`/images/${name}-${widths[widths.length - 1]}.webp`}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
        className={className}
      />
    </picture>
  );
}

/** An image that shows the 'image unavailable' placeholder when it fails to load. */
export function ImageWithFallback({
  src,
  alt,
  width,
  height,
  className,
  srcSet,
  sources,
  sizes,
}: {
  src: string | null;
  alt: string;
  width: number;
  height: number;
  className?: string;
  srcSet?: string;
  /** AVIF and WebP `srcset`s of an uploaded image: rendered as a <picture>. */
  sources?: { avif: string; webp: string } | null;
  sizes?: string;
}) {
  const { t } = useI18n();
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
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
      loading="lazy"
      decoding="async"
      className={className}
      // An image that failed before hydration already fired its error event: check on mount.
      ref={(img) => {
        if (img && img.complete && img.naturalWidth === 0) setFailed(true);
      }}
      onError={() => setFailed(true)}
    />
  );
  if (!sources) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      {img}
    </picture>
  );
}

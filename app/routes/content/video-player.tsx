import { Play } from "lucide-react";
import { useRef, useState, type MouseEvent } from "react";
import { DemoPicture } from "~/components/picture";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useI18n } from "~/i18n";
import { cn } from "~/lib/utils";
import { embedUrl, watchUrl, type Video } from "./videos-data";
import "~/i18n/content";

/** What the player may use: playback features only (the site's Permissions-Policy still applies). */
const PLAYER_ALLOW = "accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share";

/**
 * The poster of a video with a play button. It is a link to the video on YouTube, so it works
 * before the JavaScript has loaded; once hydrated, a click plays the video here instead.
 */
function VideoPoster({
  video,
  onPlay,
  large = false,
  linkRef,
  opensDialog = false,
}: {
  video: Video;
  onPlay: () => void;
  large?: boolean;
  linkRef?: React.Ref<HTMLAnchorElement>;
  opensDialog?: boolean;
}) {
  const { t } = useI18n();
  const play = (event: MouseEvent<HTMLAnchorElement>) => {
    // Let modified clicks (new tab, new window) go to YouTube as the link says.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    onPlay();
  };
  return (
    <a
      ref={linkRef}
      href={watchUrl(video.youtubeId)}
      onClick={play}
      aria-haspopup={opensDialog ? "dialog" : undefined}
      className="group relative block aspect-video overflow-hidden rounded-lg bg-navy-900 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-signal-500/60"
      data-testid="video-poster"
    >
      <DemoPicture
        name={video.poster}
        // The link's text names the video; the poster adds nothing for a screen reader.
        alt=""
        sizes={large ? "(min-width: 1024px) 66vw, 100vw" : "(min-width: 768px) 50vw, 100vw"}
        className="size-full object-cover transition-transform duration-700 group-hover:scale-105"
      />
      <span className="absolute inset-0 bg-gradient-to-t from-navy-950/70 via-navy-950/10 to-transparent" aria-hidden />
      <span
        className={cn(
          "absolute left-1/2 top-1/2 flex -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-signal-500 text-white shadow-2xl ring-8 ring-white/20 transition-transform group-hover:scale-110",
          large ? "size-20 sm:size-24" : "size-16",
        )}
      >
        <Play className={cn("translate-x-0.5 fill-current", large ? "size-9 sm:size-10" : "size-7")} aria-hidden />
      </span>
      <span className="sr-only">{t("content.videos.play", { title: t(video.title) })}</span>
    </a>
  );
}

/** The YouTube player itself; rendered only after the visitor asked for it. */
function VideoFrame({ video, autoFocus = false }: { video: Video; autoFocus?: boolean }) {
  const { t } = useI18n();
  return (
    <iframe
      src={embedUrl(video.youtubeId)}
      title={t("content.videos.playerTitle", { title: t(video.title) })}
      allow={PLAYER_ALLOW}
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
      width={1280}
      height={720}
      className="aspect-video h-auto w-full rounded-lg border-0 bg-navy-950"
      // Keyboard users who pressed play continue inside the player.
      ref={autoFocus ? (frame) => frame?.focus() : undefined}
    />
  );
}

/** A video that shows its poster until clicked, then plays in place. */
export function InlineVideo({ video }: { video: Video }) {
  const [playing, setPlaying] = useState(false);
  return playing ? <VideoFrame video={video} autoFocus /> : <VideoPoster video={video} onPlay={() => setPlaying(true)} large />;
}

/** A video card whose poster opens the player in a dialog; closing the dialog stops the video. */
export function VideoDialogCard({ video }: { video: Video }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const posterLink = useRef<HTMLAnchorElement>(null);
  const dialogContent = useRef<HTMLDivElement>(null);
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border bg-white shadow-sm transition-shadow hover:shadow-lg">
      <VideoPoster video={video} onPlay={() => setOpen(true)} linkRef={posterLink} opensDialog />
      <div className="flex flex-1 flex-col gap-2 p-5 sm:p-6">
        <h3 className="text-2xl font-semibold uppercase leading-tight text-navy-900">{t(video.title)}</h3>
        <p className="text-muted-foreground">{t(video.description)}</p>
      </div>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          className="max-w-5xl bg-navy-950 p-4 text-white sm:p-6 [&>button]:text-white"
          ref={dialogContent}
          // Radix would focus the first tabbable element: the player. Keys pressed inside a
          // cross-origin frame never reach the page, so Escape would stop closing the dialog.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            dialogContent.current?.focus();
          }}
          // Without a radix trigger, hand focus back to the poster that opened the dialog.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            posterLink.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle className="font-display text-2xl uppercase text-white sm:text-3xl">{t(video.title)}</DialogTitle>
            <DialogDescription className="text-foam-200">{t(video.description)}</DialogDescription>
          </DialogHeader>
          {open && <VideoFrame video={video} />}
        </DialogContent>
      </Dialog>
    </article>
  );
}

import { ArrowUpRight } from "lucide-react";
import { Link } from "react-router";
import { YoutubeIcon } from "~/components/social-icons";
import { Button } from "~/components/ui/button";
import { useI18n } from "~/i18n";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/videos";
import { PageHeader } from "./page-header";
import { InlineVideo, VideoDialogCard } from "./video-player";
import { FEATURED_VIDEO, MORE_VIDEOS, VIDEO_CHANNEL_URL } from "./videos-data";
import "~/i18n/content";

export function meta({ matches }: Route.MetaArgs) {
  const { locale, publicUrl, languageAddress } = matches[0].loaderData;
  return pageMeta({
    title: "content.videos.meta.title",
    description: "content.videos.meta.description",
    path: "/videos",
    publicUrl,
    locale,
    languageAddress,
  });
}

export default function VideosPage() {
  const { t } = useI18n();
  return (
    <>
      <PageHeader kicker={t("content.videos.kicker")} title={t("content.videos.title")} lead={<p>{t("content.videos.lead")}</p>} picture="podium" />

      <section aria-labelledby="featured-video" className="bg-white py-14 sm:py-20">
        <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 sm:px-6 lg:grid-cols-3 lg:gap-12 lg:px-8">
          <div className="lg:col-span-2">
            <InlineVideo video={FEATURED_VIDEO} />
          </div>
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-signal-700">{t("content.videos.featured")}</p>
            <h2 id="featured-video" className="mt-2 text-3xl font-bold uppercase leading-tight text-navy-900 sm:text-4xl">
              {t(FEATURED_VIDEO.title)}
            </h2>
            <p className="mt-4 text-lg text-muted-foreground">{t(FEATURED_VIDEO.description)}</p>
            <p className="mt-6 border-l-2 border-foam-200 pl-3 text-sm text-muted-foreground">
              {t("content.videos.consent")}{" "}
              <Link to="/privacy#embedded" className="font-medium text-ocean-600 underline underline-offset-2 hover:text-ocean-700">
                {t("content.videos.privacyLink")}
              </Link>
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="more-videos" className="bg-foam-100 py-14 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="more-videos" className="text-3xl font-bold uppercase text-navy-900 sm:text-4xl">
            {t("content.videos.more")}
          </h2>
          <div className="mt-8 grid gap-6 md:grid-cols-2">
            {MORE_VIDEOS.map((video) => (
              <VideoDialogCard key={video.youtubeId} video={video} />
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="video-channel" className="bg-navy-900 py-14 text-white sm:py-16">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <div className="flex items-start gap-4">
            <YoutubeIcon className="size-12 shrink-0 text-signal-500" />
            <div>
              <h2 id="video-channel" className="text-3xl font-bold uppercase">
                {t("content.videos.channel.title")}
              </h2>
              <p className="mt-1 max-w-xl text-foam-200">{t("content.videos.channel.text")}</p>
            </div>
          </div>
          <Button asChild variant="accent" size="lg">
            <a href={VIDEO_CHANNEL_URL} target="_blank" rel="noopener noreferrer">
              {t("content.videos.channel.link")} <ArrowUpRight aria-hidden />
              <span className="sr-only">{t("content.newTab")}</span>
            </a>
          </Button>
        </div>
      </section>
    </>
  );
}

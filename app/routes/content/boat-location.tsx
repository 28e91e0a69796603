import { Anchor, ArrowRight, ExternalLink, Radio } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useI18n } from "~/i18n";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/boat-location";
import { BOAT_MMSI, vesselMapUrl } from "./boat-map";
import { PageHeader } from "./page-header";
import "~/i18n/content";

export function meta({ matches }: Route.MetaArgs) {
  const { locale, publicUrl, languageAddress } = matches[0].loaderData;
  return pageMeta({
    title: "content.boat.meta.title",
    description: "content.boat.meta.description",
    path: "/waar-is-de-boot",
    publicUrl,
    locale,
    languageAddress,
  });
}

export default function BoatLocationPage() {
  const { t } = useI18n();
  const mapUrl = vesselMapUrl();
  return (
    <>
      <PageHeader kicker={t("content.boat.kicker")} title={t("nav.boat")} lead={<p>{t("content.boat.lead")}</p>} picture="harbour">
        <Button asChild variant="light" className="mt-8">
          <a href={mapUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden /> {t("content.boat.openMap")}
            <span className="sr-only">{t("content.newTab")}</span>
          </a>
        </Button>
      </PageHeader>

      <section aria-label={t("content.boat.mapTitle")} className="bg-foam-100 py-10 sm:py-14">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="overflow-hidden rounded-lg border bg-navy-900 shadow-xl">
            <iframe
              src={mapUrl}
              title={t("content.boat.mapTitle")}
              loading="lazy"
              referrerPolicy="strict-origin-when-cross-origin"
              width={1280}
              height={640}
              className="block h-[70svh] min-h-[22rem] w-full border-0 sm:h-[36rem]"
            />
          </div>
          <p className="mt-3 text-sm text-muted-foreground">
            {t("content.boat.thirdParty")}{" "}
            <Link to="/privacy#embedded" className="font-medium text-ocean-600 underline underline-offset-2 hover:text-ocean-700">
              {t("content.videos.privacyLink")}
            </Link>
          </p>
        </div>
      </section>

      <section aria-labelledby="boat-tracking" className="bg-white py-14 sm:py-20">
        <div className="mx-auto grid max-w-7xl gap-6 px-4 sm:px-6 md:grid-cols-3 lg:px-8">
          <div className="rounded-lg border p-6">
            <Radio className="size-7 text-signal-500" aria-hidden />
            <h2 id="boat-tracking" className="mt-3 text-2xl font-bold uppercase text-navy-900">
              {t("content.boat.how.title")}
            </h2>
            <p className="mt-2 text-muted-foreground">{t("content.boat.how.text")}</p>
            <p className="mt-4 text-sm text-slate-700">
              {t("content.boat.mmsi")}: <span className="font-mono font-semibold">{BOAT_MMSI}</span>
            </p>
          </div>
          <div className="rounded-lg border p-6">
            <Anchor className="size-7 text-signal-500" aria-hidden />
            <h2 className="mt-3 text-2xl font-bold uppercase text-navy-900">{t("content.boat.homePort.title")}</h2>
            <p className="mt-2 text-muted-foreground">{t("content.boat.homePort.text")}</p>
          </div>
          <div className="flex flex-col rounded-lg bg-navy-900 p-6 text-white">
            <h2 className="text-2xl font-bold uppercase">{t("content.boat.visit.title")}</h2>
            <p className="mt-2 text-foam-200">{t("content.boat.visit.text")}</p>
            <Button asChild variant="accent" className="mt-6 self-start">
              <Link to="/calendar">
                {t("content.boat.visit.link")} <ArrowRight aria-hidden />
              </Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}

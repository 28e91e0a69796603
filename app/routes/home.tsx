import { ArrowRight, Gauge, Mail, MapPin, Ruler, Trophy, Flag } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import { ArticleCard } from "~/components/article-card";
import { EventCard } from "~/components/event-card";
import { NewsletterForm } from "~/components/newsletter-form";
import { DemoPicture, HERO_WIDTHS, picturePreload } from "~/components/picture";
import { Button } from "~/components/ui/button";
import { useI18n, type MessageKey } from "~/i18n";
import { requestLocale } from "~/i18n/locale.server";
import { pageMeta, type RootData } from "~/lib/seo";
import { now } from "@server/clock.server";
import { publishedArticles, toArticleViews } from "@server/articles/queries.server";
import { db } from "@server/db/client.server";
import { placesTakenByEvent, upcomingListedEvents } from "@server/events/queries.server";
import { toEventView } from "@server/events/view.server";
import { eventsAskingOnForm } from "@server/crew/answers.server";
import type { Route } from "./+types/home";

/** The hero picture: the home page's largest paint, in these widths, as wide as the window. */
const HERO_PICTURE = { name: "hero", widths: HERO_WIDTHS, sizes: "100vw" };

const HOME_NEWS_LIMIT = 3;
const HOME_EVENTS_LIMIT = 4;

export async function loader({ request }: Route.LoaderArgs) {
  const locale = await requestLocale(request);
  const at = now();
  const [articles, upcoming] = await Promise.all([
    publishedArticles(db(), HOME_NEWS_LIMIT),
    upcomingListedEvents(db(), at, HOME_EVENTS_LIMIT),
  ]);
  const [taken, asking] = await Promise.all([placesTakenByEvent(db(), upcoming.map((e) => e.id), at), eventsAskingOnForm(db(), upcoming)]);
  return {
    articles: await toArticleViews(db(), articles, locale),
    events: upcoming.map((e) => toEventView(e, locale, at, taken.get(e.id) ?? 0, { asksOnForm: asking.has(e.id) })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const { locale, publicUrl, languageAddress } = matches[0].loaderData;
  return pageMeta({
    title: "home.meta.title",
    description: "site.description",
    path: "/",
    publicUrl,
    locale,
    languageAddress,
    largestPicture: picturePreload(HERO_PICTURE.name, HERO_PICTURE),
  });
}

const FACTS: { icon: typeof Trophy; value: string; label: MessageKey }[] = [
  { icon: Flag, value: "2023", label: "home.facts.founded" },
  { icon: Ruler, value: "65 ft", label: "home.facts.length" },
  { icon: Trophy, value: "34 m", label: "home.facts.mast" },
  { icon: Gauge, value: "33+", label: "home.facts.speed" },
];

function Hero() {
  const { t } = useI18n();
  return (
    <section id="home" className="relative isolate flex min-h-[100svh] items-end overflow-hidden bg-navy-950 pb-20 pt-32 text-white sm:items-center sm:pb-0">
      <DemoPicture
        name={HERO_PICTURE.name}
        alt={t("home.hero.imageAlt")}
        widths={HERO_PICTURE.widths}
        sizes={HERO_PICTURE.sizes}
        width={1920}
        height={1080}
        priority
        className="absolute inset-0 -z-10 size-full object-cover object-[70%_center]"
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-navy-950/90 via-navy-950/60 to-transparent" />
      <div className="mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-white/30 bg-white/10 px-3 py-1 text-xs font-semibold uppercase tracking-widest text-foam-200 backdrop-blur">
            <Trophy className="size-3.5 text-signal-500" aria-hidden />
            {t("home.hero.kicker")}
          </p>
          <h1 className="text-5xl font-bold uppercase leading-[0.95] sm:text-7xl">{t("home.hero.title")}</h1>
          <p className="mt-6 max-w-xl text-lg text-foam-100/90 sm:text-xl">{t("home.hero.subtitle")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild variant="accent" size="lg">
              <Link to="/about">
                {t("home.hero.story")} <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild variant="light" size="lg">
              <a href="#news">{t("home.hero.news")}</a>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}

function SectionHeading({ kicker, title, text }: { kicker: string; title: string; text?: string }) {
  return (
    <div className="mb-10 max-w-2xl">
      <p className="text-sm font-semibold uppercase tracking-widest text-signal-700">{kicker}</p>
      <h2 className="mt-2 text-4xl font-bold uppercase text-navy-900 sm:text-5xl">{title}</h2>
      {text && <p className="mt-3 text-lg text-muted-foreground">{text}</p>}
    </div>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <>
      <Hero />

      <section id="news" className="below-fold bg-white py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <SectionHeading kicker={t("home.news.kicker")} title={t("home.news.title")} />
            <Button asChild variant="outline" className="mb-10">
              <Link to="/news">
                {t("home.news.all")} <ArrowRight aria-hidden />
              </Link>
            </Button>
          </div>
          {loaderData.articles.length === 0 ? (
            <p className="text-muted-foreground">{t("home.news.empty")}</p>
          ) : (
            <div className="grid gap-6 md:grid-cols-3">
              {loaderData.articles.map((article) => (
                <ArticleCard key={article.id} article={article} />
              ))}
            </div>
          )}
        </div>
      </section>

      <section id="events" className="below-fold bg-foam-100 py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <SectionHeading kicker={t("home.events.kicker")} title={t("home.events.title")} text={t("home.events.text")} />
            <Button asChild variant="outline" className="mb-10">
              <Link to="/calendar">
                {t("home.events.all")} <ArrowRight aria-hidden />
              </Link>
            </Button>
          </div>
          {loaderData.events.length === 0 ? (
            <p className="text-muted-foreground">{t("home.events.empty")}</p>
          ) : (
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {loaderData.events.map((event) => (
                <EventCard key={event.id} event={event} />
              ))}
            </div>
          )}
        </div>
      </section>

      <section id="team" className="below-fold relative overflow-hidden bg-navy-900 py-20 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-signal-500">{t("home.team.kicker")}</p>
            <h2 className="mt-2 text-4xl font-bold uppercase sm:text-5xl">{t("home.team.title")}</h2>
            <p className="mt-5 text-lg text-foam-200">{t("home.team.text")}</p>
            <dl className="mt-10 grid grid-cols-2 gap-6">
              {FACTS.map(({ icon: Icon, value, label }) => (
                <div key={label} className="rounded-lg border border-white/10 bg-white/5 p-5">
                  <Icon className="mb-3 size-6 text-signal-500" aria-hidden />
                  <dd className="font-display text-4xl font-bold">{value}</dd>
                  <dt className="mt-1 text-sm text-foam-200">{t(label)}</dt>
                </div>
              ))}
            </dl>
            <Button asChild variant="accent" size="lg" className="mt-10">
              <Link to="/about">
                {t("home.hero.story")} <ArrowRight aria-hidden />
              </Link>
            </Button>
          </div>
          <div className="overflow-hidden rounded-lg shadow-2xl">
            <DemoPicture deferred name="crew" alt={t("home.team.imageAlt")} sizes="(min-width: 1024px) 50vw, 100vw" className="aspect-[16/9] w-full object-cover" />
          </div>
        </div>
      </section>

      <section id="newsletter" className="below-fold bg-white py-20" aria-labelledby="newsletter-title">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <NewsletterForm />
        </div>
      </section>

      <ContactSection />
    </>
  );
}

function ContactSection() {
  const { t } = useI18n();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const email = root?.teamEmail ?? "";
  return (
    <section id="contact" className="below-fold bg-gradient-to-br from-ocean-700 to-navy-900 py-20 text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 md:grid-cols-2 lg:px-8">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-signal-300">{t("home.contact.kicker")}</p>
          <h2 className="mt-2 text-4xl font-bold uppercase sm:text-5xl">{t("home.contact.title")}</h2>
          <p className="mt-4 max-w-lg text-lg text-foam-200">{t("home.contact.text")}</p>
        </div>
        <div className="space-y-5 self-center text-lg">
          <a href={`mailto:${email}`} className="flex items-center gap-3 rounded-lg bg-white/10 p-5 hover:bg-white/15">
            <Mail className="size-6 text-signal-500" aria-hidden />
            <span>
              <span className="block text-sm text-foam-200">{t("common.email")}</span>
              <span className="font-semibold">{email}</span>
            </span>
          </a>
          <p className="flex items-center gap-3 rounded-lg bg-white/10 p-5">
            <MapPin className="size-6 text-signal-500" aria-hidden />
            <span>
              <span className="block text-sm text-foam-200">{t("home.contact.location")}</span>
              <span className="font-semibold">{t("footer.location")}</span>
            </span>
          </p>
        </div>
      </div>
    </section>
  );
}

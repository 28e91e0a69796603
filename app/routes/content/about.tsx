import { ArrowRight, Flag, Gauge, HeartHandshake, Mail, Medal, Ruler, ShieldCheck, Trophy, Users, Waves } from "lucide-react";
import { Link } from "react-router";
import { DemoPicture, HERO_WIDTHS, picturePreload } from "~/components/picture";
import { Button } from "~/components/ui/button";
import { useI18n, type MessageKey } from "~/i18n";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/about";
import "~/i18n/content";

/** The page's largest picture (preloaded in the head). */
const HERO = { name: "hero", widths: HERO_WIDTHS };

export function meta({ matches }: Route.MetaArgs) {
  const { locale, publicUrl, languageAddress } = matches[0].loaderData;
  return pageMeta({
    title: "content.about.meta.title",
    description: "content.about.meta.description",
    path: "/about",
    publicUrl,
    locale,
    languageAddress,
    image: "/images/podium-1280.webp",
    largestPicture: picturePreload(HERO.name, HERO),
  });
}

// The spec's four boat facts; the values are the same in both languages.
const FACTS: { icon: typeof Flag; value: string; label: MessageKey }[] = [
  { icon: Flag, value: "2023", label: "content.about.facts.founded" },
  { icon: Ruler, value: "65 ft", label: "content.about.facts.length" },
  { icon: Trophy, value: "34 m", label: "content.about.facts.mast" },
  { icon: Gauge, value: "33+", label: "content.about.facts.speed" },
];

const TIMELINE: { title: MessageKey; text: MessageKey }[] = [
  { title: "content.about.timeline.founded.title", text: "content.about.timeline.founded.text" },
  { title: "content.about.timeline.preparation.title", text: "content.about.timeline.preparation.text" },
  { title: "content.about.timeline.race.title", text: "content.about.timeline.race.text" },
  { title: "content.about.timeline.finish.title", text: "content.about.timeline.finish.text" },
];

const SPECS: { term: MessageKey; value: MessageKey }[] = [
  { term: "content.about.boat.spec.length", value: "content.about.boat.spec.lengthValue" },
  { term: "content.about.boat.spec.mast", value: "content.about.boat.spec.mastValue" },
  { term: "content.about.boat.spec.speed", value: "content.about.boat.spec.speedValue" },
  { term: "content.about.boat.spec.port", value: "content.about.boat.spec.portValue" },
];

const ACTIVITIES: { picture: string; title: MessageKey; text: MessageKey; imageAlt: MessageKey }[] = [
  { picture: "corporate", title: "content.about.now.corporate.title", text: "content.about.now.corporate.text", imageAlt: "content.about.now.corporate.imageAlt" },
  { picture: "atlantic", title: "content.about.now.charters.title", text: "content.about.now.charters.text", imageAlt: "content.about.now.charters.imageAlt" },
  { picture: "north-sea", title: "content.about.now.record.title", text: "content.about.now.record.text", imageAlt: "content.about.now.record.imageAlt" },
  { picture: "evening", title: "content.about.now.evening.title", text: "content.about.now.evening.text", imageAlt: "content.about.now.evening.imageAlt" },
];

const VALUES: { icon: typeof Flag; title: MessageKey; text: MessageKey }[] = [
  { icon: ShieldCheck, title: "content.about.values.safety.title", text: "content.about.values.safety.text" },
  { icon: Users, title: "content.about.values.team.title", text: "content.about.values.team.text" },
  { icon: Medal, title: "content.about.values.performance.title", text: "content.about.values.performance.text" },
  { icon: HeartHandshake, title: "content.about.values.share.title", text: "content.about.values.share.text" },
];

function Kicker({ children, light = false }: { children: React.ReactNode; light?: boolean }) {
  return <p className={light ? "text-sm font-semibold uppercase tracking-widest text-signal-500" : "text-sm font-semibold uppercase tracking-widest text-signal-700"}>{children}</p>;
}

function CallsToAction({ className }: { className?: string }) {
  const { t } = useI18n();
  return (
    <div className={className}>
      <div className="flex flex-wrap gap-3">
        <Button asChild variant="accent" size="lg">
          <Link to="/calendar">
            {t("content.about.cta.calendar")} <ArrowRight aria-hidden />
          </Link>
        </Button>
        <Button asChild variant="light" size="lg">
          <Link to="/#contact">
            <Mail aria-hidden /> {t("content.about.cta.contact")}
          </Link>
        </Button>
      </div>
    </div>
  );
}

function Hero() {
  const { t } = useI18n();
  return (
    <header className="relative isolate flex min-h-[78svh] items-end overflow-hidden bg-navy-950 pb-32 pt-32 text-white sm:items-center sm:pb-40">
      <DemoPicture
        name={HERO.name}
        alt={t("content.about.hero.imageAlt")}
        widths={HERO.widths}
        width={1920}
        height={1080}
        priority
        className="absolute inset-0 -z-10 size-full object-cover object-[70%_center]"
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-navy-950/95 via-navy-950/65 to-navy-950/10" />
      <div className="mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <Kicker light>{t("content.about.hero.kicker")}</Kicker>
          <h1 className="mt-3 text-5xl font-bold uppercase leading-[0.95] sm:text-7xl">{t("content.about.hero.title")}</h1>
          <p className="mt-6 max-w-xl text-lg text-foam-100/90 sm:text-xl">{t("content.about.hero.lead")}</p>
          <CallsToAction className="mt-8" />
        </div>
      </div>
    </header>
  );
}

function Facts() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="facts-title" className="relative z-10 -mt-20 px-4 sm:-mt-24 sm:px-6 lg:px-8">
      <h2 id="facts-title" className="sr-only">
        {t("content.about.facts.title")}
      </h2>
      <dl className="mx-auto grid max-w-5xl grid-cols-2 overflow-hidden rounded-lg bg-white shadow-2xl ring-1 ring-navy-900/5 md:grid-cols-4">
        {FACTS.map(({ icon: Icon, value, label }, index) => (
          <div key={label} className={`flex flex-col gap-1 p-5 sm:p-7 ${index % 2 === 1 ? "border-l" : ""} ${index >= 2 ? "border-t md:border-t-0 md:border-l" : ""}`}>
            <Icon className="mb-2 size-6 text-signal-500" aria-hidden />
            <dt className="order-2 text-sm text-muted-foreground">{t(label)}</dt>
            <dd className="order-1 font-display text-4xl font-bold text-navy-900 sm:text-5xl">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Story() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="story-title" className="below-fold bg-white py-20 sm:py-24">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <Kicker>{t("content.about.story.kicker")}</Kicker>
          <h2 id="story-title" className="mt-2 text-4xl font-bold uppercase text-navy-900 sm:text-5xl">
            {t("content.about.story.title")}
          </h2>
          <div className="mt-6 space-y-4 text-lg leading-relaxed text-slate-700">
            <p>{t("content.about.story.p1")}</p>
            <p>{t("content.about.story.p2")}</p>
          </div>
        </div>
        <div className="overflow-hidden rounded-lg shadow-2xl">
          <DemoPicture deferred name="harbour" alt={t("content.about.story.imageAlt")} sizes="(min-width: 1024px) 50vw, 100vw" className="aspect-video w-full object-cover" />
        </div>
      </div>
    </section>
  );
}

function Race() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="race-title" className="below-fold bg-navy-900 py-20 text-white sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="grid items-center gap-12 lg:grid-cols-2">
          <div className="relative order-2 overflow-hidden rounded-lg shadow-2xl lg:order-1">
            <DemoPicture deferred name="podium" alt={t("content.about.race.imageAlt")} sizes="(min-width: 1024px) 50vw, 100vw" className="aspect-video w-full object-cover" />
            <span className="absolute left-4 top-4 inline-flex items-center gap-2 rounded-full bg-signal-500 px-3 py-1 font-display text-lg font-bold uppercase tracking-wide">
              <Trophy className="size-4" aria-hidden /> 2
              <span className="sr-only">{t("content.about.timeline.finish.title")}</span>
            </span>
          </div>
          <div className="order-1 lg:order-2">
            <Kicker light>{t("content.about.race.kicker")}</Kicker>
            <h2 id="race-title" className="mt-2 text-4xl font-bold uppercase sm:text-5xl">
              {t("content.about.race.title")}
            </h2>
            <div className="mt-6 space-y-4 text-lg leading-relaxed text-foam-200">
              <p>{t("content.about.race.p1")}</p>
              <p>{t("content.about.race.p2")}</p>
            </div>
          </div>
        </div>

        <h3 className="mt-16 text-2xl font-bold uppercase text-foam-100">{t("content.about.timeline.title")}</h3>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {TIMELINE.map((step, index) => (
            <li key={step.title} className="relative rounded-lg border border-white/10 bg-white/5 p-5">
              <span className="font-display text-5xl font-bold text-signal-500/80" aria-hidden>
                {String(index + 1).padStart(2, "0")}
              </span>
              <h4 className="mt-2 font-display text-2xl font-semibold uppercase">{t(step.title)}</h4>
              <p className="mt-1 text-sm text-foam-200">{t(step.text)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function Boat() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="boat-title" className="below-fold bg-foam-100 py-20 sm:py-24">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <Kicker>{t("content.about.boat.kicker")}</Kicker>
          <h2 id="boat-title" className="mt-2 text-4xl font-bold uppercase text-navy-900 sm:text-5xl">
            {t("content.about.boat.title")}
          </h2>
          <p className="mt-6 text-lg leading-relaxed text-slate-700">{t("content.about.boat.text")}</p>
          <h3 className="sr-only">{t("content.about.boat.specs")}</h3>
          <dl className="mt-8 divide-y divide-navy-900/10 rounded-lg border border-navy-900/10 bg-white">
            {SPECS.map(({ term, value }) => (
              <div key={term} className="flex items-baseline justify-between gap-4 px-5 py-3.5">
                <dt className="text-sm uppercase tracking-wider text-muted-foreground">{t(term)}</dt>
                <dd className="text-right font-display text-2xl font-bold text-navy-900">{t(value)}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="overflow-hidden rounded-lg shadow-2xl">
          <DemoPicture deferred name="boat-yard" alt={t("content.about.boat.imageAlt")} sizes="(min-width: 1024px) 50vw, 100vw" className="aspect-video w-full object-cover" />
        </div>
      </div>
    </section>
  );
}

function WhatWeDo() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="now-title" className="below-fold bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <Kicker>{t("content.about.now.kicker")}</Kicker>
          <h2 id="now-title" className="mt-2 text-4xl font-bold uppercase text-navy-900 sm:text-5xl">
            {t("content.about.now.title")}
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">{t("content.about.now.text")}</p>
        </div>
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {ACTIVITIES.map((activity) => (
            <article key={activity.title} className="group flex flex-col overflow-hidden rounded-lg border bg-card shadow-sm transition-shadow hover:shadow-lg">
              <div className="overflow-hidden">
                <DemoPicture
                  deferred
                  name={activity.picture}
                  alt={t(activity.imageAlt)}
                  sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
                  className="aspect-video w-full object-cover transition-transform duration-500 group-hover:scale-105"
                />
              </div>
              <div className="flex flex-1 flex-col p-5">
                <h3 className="text-2xl font-semibold uppercase leading-tight text-navy-900">{t(activity.title)}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{t(activity.text)}</p>
              </div>
            </article>
          ))}
        </div>
        <Button asChild variant="outline" size="lg" className="mt-10">
          <Link to="/calendar">
            {t("content.about.cta.calendar")} <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    </section>
  );
}

function CrewAndValues() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="crew-title" className="below-fold bg-foam-100 py-20 sm:py-24">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-5 lg:px-8">
        <div className="lg:col-span-2">
          <Kicker>{t("content.about.crew.kicker")}</Kicker>
          <h2 id="crew-title" className="mt-2 text-4xl font-bold uppercase text-navy-900 sm:text-5xl">
            {t("content.about.crew.title")}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">{t("content.about.crew.text")}</p>
          <div className="mt-8 overflow-hidden rounded-lg shadow-xl">
            <DemoPicture deferred name="crew" alt={t("content.about.crew.imageAlt")} sizes="(min-width: 1024px) 40vw, 100vw" className="aspect-video w-full object-cover" />
          </div>
        </div>
        <ul className="grid content-center gap-5 sm:grid-cols-2 lg:col-span-3">
          {VALUES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-lg bg-white p-6 shadow-sm">
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-navy-900 text-signal-500">
                <Icon className="size-6" aria-hidden />
              </span>
              <h3 className="mt-4 text-2xl font-semibold uppercase text-navy-900">{t(title)}</h3>
              <p className="mt-2 text-muted-foreground">{t(text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ClosingCallToAction() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="cta-title" className="below-fold relative isolate overflow-hidden bg-gradient-to-br from-ocean-700 to-navy-900 py-20 text-white">
      <Waves className="absolute -right-10 -top-10 -z-10 size-64 text-white/5" aria-hidden />
      <div className="mx-auto max-w-4xl px-4 text-center sm:px-6 lg:px-8">
        <h2 id="cta-title" className="text-4xl font-bold uppercase sm:text-5xl">
          {t("content.about.ctaBand.title")}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-foam-200">{t("content.about.ctaBand.text")}</p>
        <CallsToAction className="mt-8 flex justify-center" />
      </div>
    </section>
  );
}

export default function AboutPage() {
  return (
    <>
      <Hero />
      <Facts />
      <Story />
      <Race />
      <Boat />
      <WhatWeDo />
      <CrewAndValues />
      <ClosingCallToAction />
    </>
  );
}

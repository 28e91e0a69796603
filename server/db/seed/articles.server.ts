import type { NewBlogPost } from "../schema.server";

/**
 * Demo news articles. Pure data: no database access. Dates count back from `now`, newest first.
 * Dutch in title/description/content, English in the *En fields; content is markdown.
 * Exactly one article is unpublished, and exactly one published article has an image that
 * fails to load, so the "image unavailable" placeholder can be seen.
 */

const DAY_MS = 86_400_000;

function image(name: string): string {
  return `/images/${name}-1280.webp`;
}

/** A picture path that does not exist on purpose. */
const MISSING_IMAGE = "/images/missing-photo.webp";

type Article = Omit<NewBlogPost, "date" | "id" | "createdAt" | "updatedAt" | "imageUploadId"> & {
  /** How many days before `now` the article is dated. */
  daysAgo: number;
};

const ARTICLES: Article[] = [
  {
    slug: "voorbereiding-noordzee-recordpoging",
    category: "preparation",
    published: true,
    daysAgo: 3,
    image: image("north-sea"),
    documentUrl: null,
    documentName: null,
    title: "Voorbereiding Noordzee-recordpoging in volle gang",
    description:
      "Nieuwe zeilen, een strak trainingsschema en een weerrouter aan boord: zo bereiden we ons voor op het snelste rondje Noordzee.",
    content: `Het doel is helder: het snelste rondje Noordzee ooit gevaren door een monohull van onze klasse. De afgelopen weken stonden volledig in het teken van de voorbereiding.

## Wat er is gebeurd

- **Nieuwe zeilen.** Een nieuwe fractional code zero en een zwaarweerfok zijn geleverd en getest bij 25 knopen wind.
- **Trainingsschema.** Elke zaterdag varen we met de kernploeg manoeuvres, zeilwissels en nachtwachten.
- **Weerrouting.** Een professionele weerrouter helpt ons het beste weervenster te kiezen binnen de wachtperiode van vijf dagen.

## Waarom de Noordzee?

De Noordzee is kort, steil en onvoorspelbaar. Wie hier snel wil zijn, moet de boot tot het uiterste pushen en tegelijk heel blijven. Met een topsnelheid van ruim 33 knopen heeft onze 65 voet oceaanracer de snelheid; nu moet het weer meewerken.

## Vaar mee

Er zijn nog enkele plaatsen vrij voor gastbemanning. Bekijk de recordpoging in de [kalender](/calendar) of lees meer [over het team](/about).`,
    titleEn: "North Sea record attempt preparations in full swing",
    descriptionEn:
      "New sails, a tight training schedule and a weather router on board: this is how we prepare for the fastest lap of the North Sea.",
    contentEn: `The goal is clear: the fastest lap of the North Sea ever sailed by a monohull of our class. The past weeks were all about preparation.

## What happened

- **New sails.** A new fractional code zero and a heavy-weather jib have been delivered and tested in 25 knots of wind.
- **Training schedule.** Every Saturday the core crew practises manoeuvres, sail changes and night watches.
- **Weather routing.** A professional weather router helps us pick the best window within the five-day standby period.

## Why the North Sea?

The North Sea is short, steep and unpredictable. To be fast here you have to push the boat to the limit and keep it in one piece. With a top speed of over 33 knots our 65 ft ocean racer has the pace; now the weather has to cooperate.

## Sail with us

A few guest crew places are still available. Find the record attempt in the [calendar](/calendar) or read more [about the team](/about).`,
  },
  {
    slug: "nieuwe-bemanningsleden-aan-boord",
    category: "team",
    published: true,
    daysAgo: 12,
    // The crew illustration is already on the home page and in the article's text.
    image: image("training"),
    documentUrl: null,
    documentName: null,
    title: "Drie nieuwe bemanningsleden aan boord",
    description:
      "Een navigator, een boatcaptain en een bowman versterken het team voor het komende seizoen.",
    content: `Het team groeit. Voor het komende seizoen verwelkomen we drie nieuwe bemanningsleden, elk met hun eigen ervaring op zee.

![De nieuwe bemanning tijdens de eerste training in Scheveningen](/images/crew-1280.webp)

## Maak kennis

1. **Sanne** – navigator. Voer twee keer de Fastnet Race en studeerde meteorologie in Wageningen.
2. **Joris** – boatcaptain. Verantwoordelijk voor het onderhoud van de boot; hij leidde de laatste refit.
3. **Mehmet** – bowman. Komt uit de dinghy-wereld en is de snelste aan de voorsteven die we ooit zagen.

## Wat zij meenemen

> "Op een boot van 65 voet met een mast van 34 meter is elke taak groot. Je moet elkaar blind vertrouwen." – Joris

De nieuwe bemanning vaart mee tijdens de trainingsweekenden en de recordpoging. Wil je zelf eens meevaren? Kijk in de [kalender](/calendar) welke evenementen nog plaatsen hebben.`,
    titleEn: "Three new crew members on board",
    descriptionEn: "A navigator, a boat captain and a bowman join the team for the coming season.",
    contentEn: `The team is growing. For the coming season we welcome three new crew members, each with their own experience at sea.

![The new crew during their first training in Scheveningen](/images/crew-1280.webp)

## Meet them

1. **Sanne** – navigator. Raced the Fastnet Race twice and studied meteorology in Wageningen.
2. **Joris** – boat captain. Responsible for maintaining the boat; he led the latest refit.
3. **Mehmet** – bowman. Comes from dinghy racing and is the fastest on the bow we have ever seen.

## What they bring

> "On a 65 ft boat with a 34 m mast every job is a big one. You have to trust each other blindly." – Joris

The new crew will sail in the training weekends and the record attempt. Want to sail with us yourself? Check the [calendar](/calendar) for events with places left.`,
  },
  {
    slug: "concept-nieuwe-hoofdsponsor",
    category: "general",
    published: false,
    daysAgo: 6,
    image: image("hero"),
    documentUrl: null,
    documentName: null,
    title: "Concept: nieuwe hoofdsponsor voor het team",
    description: "Nog niet publiceren: de aankondiging volgt na ondertekening van het contract.",
    content: `## Nieuwe hoofdsponsor

*Concept – nog niet publiceren.*

- Naam en logo van de sponsor volgen na ondertekening.
- Nieuwe bestickering van de boot tijdens de volgende refit.
- Gezamenlijke [zakelijke zeildag](/calendar) voor relaties van de sponsor.`,
    titleEn: "Draft: new title sponsor for the team",
    descriptionEn: "Do not publish yet: the announcement follows once the contract is signed.",
    contentEn: `## New title sponsor

*Draft – do not publish yet.*

- The sponsor's name and logo follow once the contract is signed.
- New livery for the boat during the next refit.
- A joint [corporate sailing day](/calendar) for the sponsor's relations.`,
  },
  {
    slug: "refit-boot-op-de-kant",
    category: "preparation",
    published: true,
    daysAgo: 70,
    image: image("boat-yard"),
    documentUrl: null,
    documentName: null,
    title: "Refit: de boot staat op de kant",
    description:
      "Na maanden van intensief gebruik staat onze oceaanracer op de werf. De mast is eruit, de kiel wordt gecontroleerd en de romp krijgt een nieuwe laag.",
    content: `Na maanden vol zeildagen, trainingen en races is het tijd voor groot onderhoud. De boot staat sinds deze week op de werf.

## Op de werklijst

- De mast van 34 meter is gestreken en wordt volledig geïnspecteerd, inclusief al het staande want.
- De kiel en het roer worden gecontroleerd met ultrasoon onderzoek.
- Het onderwaterschip krijgt een nieuwe antifouling.
- De elektronica wordt vernieuwd, met een nieuwe AIS-transponder en satellietverbinding.

## Planning

De werkzaamheden duren ongeveer zes weken. Daarna gaat de boot terug het water in, klaar voor de najaarsregatta, de trainingen en de recordpoging. Volg de voortgang via onze nieuwsbrief of kijk [waar de boot nu is](/waar-is-de-boot).

Meer over de veiligheidseisen voor offshore jachten lees je in de [Offshore Special Regulations](https://example.org/offshore-special-regulations).`,
    titleEn: "Refit: the boat is out of the water",
    descriptionEn:
      "After months of hard use our ocean racer is at the yard. The mast is out, the keel is being checked and the hull gets a new coat.",
    contentEn: `After months full of sailing days, training and races it is time for major maintenance. The boat has been at the yard since this week.

## On the work list

- The 34 m mast has been unstepped and is fully inspected, including all standing rigging.
- The keel and rudder are checked with ultrasonic testing.
- The underwater hull gets new antifouling.
- The electronics are renewed, with a new AIS transponder and satellite link.

## Schedule

The work takes about six weeks. After that the boat goes back in the water, ready for the autumn regatta, the training weekends and the record attempt. Follow the progress in our newsletter or see [where the boat is now](/waar-is-de-boot).

Read more about the safety requirements for offshore yachts in the [Offshore Special Regulations](https://example.org/offshore-special-regulations).`,
  },
  {
    slug: "met-de-arc-de-atlantische-oceaan-over",
    category: "featured",
    published: true,
    daysAgo: 41,
    image: image("atlantic"),
    documentUrl: "/documents/arc-2025-brochure.pdf",
    documentName: "ARC 2025 Brochure",
    title: "Met de ARC de Atlantische Oceaan over",
    description:
      "In de Atlantic Rally for Cruisers steken we met gastbemanning over van Las Palmas naar Saint Lucia. De online inschrijving is gesloten, maar er zijn nog enkele plaatsen.",
    content: `Het grootste avontuur dat we gastzeilers kunnen bieden: in ongeveer drie weken de Atlantische Oceaan over, van Las Palmas de Gran Canaria naar Rodney Bay op Saint Lucia.

## Wat je kunt verwachten

- Wachten lopen met de bemanning die in 2023 tweede werd in de race rond de wereld.
- Zelf aan het roer bij passaatwind en surfen op de oceaandeining.
- Sterrenhemels zoals je ze aan land nooit ziet.
- Een welkomstfeest in Rodney Bay na de finish.

## Inschrijving

De online inschrijving is gesloten. Er zijn nog enkele plaatsen beschikbaar: neem [contact](/#contact) met ons op per e-mail. Alle details staan op de [ARC-pagina](/arc) en in de brochure.

Meer over het evenement zelf lees je op de [website van de organisatie](https://example.org/arc).`,
    titleEn: "Across the Atlantic with the ARC",
    descriptionEn:
      "In the Atlantic Rally for Cruisers we cross from Las Palmas to Saint Lucia with guest crew. Online registration is closed, but a few spots are left.",
    contentEn: `The biggest adventure we can offer guest sailors: crossing the Atlantic in about three weeks, from Las Palmas de Gran Canaria to Rodney Bay, Saint Lucia.

## What to expect

- Standing watches with the crew that finished second in the 2023 round-the-world race.
- Helming in the trade winds and surfing the ocean swell.
- Night skies you never see on land.
- A welcome party in Rodney Bay after the finish.

## Registration

Online registration is closed. A few spots are still available: [contact](/#contact) us by e-mail. All details are on the [ARC page](/arc) and in the brochure.

Read more about the event itself on the [organiser's website](https://example.org/arc).`,
  },
  {
    slug: "zakelijke-zeildagen-teambuilding-op-de-noordzee",
    category: "general",
    published: true,
    daysAgo: 63,
    image: image("corporate"),
    documentUrl: null,
    documentName: null,
    title: "Zakelijke zeildagen: teambuilding op de Noordzee",
    description:
      "Een dag lang de bemanning van een oceaanracer zijn: onze zakelijke zeildagen zijn dit jaar vaker geboekt dan ooit.",
    content: `Steeds meer bedrijven ontdekken dat een dag op zee meer oplevert dan een dag in een vergaderzaal.

## Hoe een zeildag verloopt

1. **Ontvangst** in Scheveningen, 3e haven, met koffie en een veiligheidsbriefing.
2. **Taken verdelen**: roer, grootzeil, voorzeilen en navigatie.
3. **Het water op**: een korte baan varen tegen de klok, met na elke ronde een evaluatie.
4. **Borrel** in de haven, met foto's van de dag.

## Wat deelnemers zeggen

> "Je merkt meteen wie het overzicht houdt en wie er springt als het moet. Dat nemen we mee naar kantoor."

## Boeken

Zakelijke zeildagen staan in de [kalender](/calendar). Voor een dag op maat voor je eigen team kun je ons [mailen](/#contact).`,
    titleEn: "Corporate sailing days: team building on the North Sea",
    descriptionEn:
      "Being the crew of an ocean racer for a day: our corporate sailing days were booked more often than ever this year.",
    contentEn: `More and more companies find that a day at sea achieves more than a day in a meeting room.

## How a sailing day goes

1. **Welcome** in Scheveningen, 3rd harbour, with coffee and a safety briefing.
2. **Dividing the jobs**: helm, mainsail, headsails and navigation.
3. **Out on the water**: a short course against the clock, with a debrief after every lap.
4. **Drinks** in the harbour, with photos of the day.

## What participants say

> "You immediately see who keeps the overview and who jumps in when it counts. We take that back to the office."

## Booking

Corporate sailing days are in the [calendar](/calendar). For a tailor-made day for your own team, [e-mail us](/#contact).`,
  },
  {
    slug: "terugblik-tweede-plaats-race-rond-de-wereld",
    category: "victory",
    published: true,
    daysAgo: 88,
    image: image("podium"),
    documentUrl: null,
    documentName: null,
    title: "Terugblik: tweede in de race rond de wereld",
    description:
      "In 2023 finishten we als tweede in de race rond de wereld. Een terugblik op de etappes, de zwaarste momenten en wat het ons heeft geleerd.",
    content: `Het team werd in 2023 opgericht met één doel: meedoen aan de race rond de wereld. We eindigden als tweede, een resultaat waar we nog steeds trots op zijn.

## De race in cijfers

- Ruim 30.000 zeemijl over vier oceanen.
- Een topsnelheid van 33,4 knopen in de Zuidelijke Oceaan.
- Een boot van 65 voet met een mast van 34 meter, negen bemanningsleden.

## De zwaarste etappe

De etappe door de Zuidelijke Oceaan vroeg alles van boot en bemanning: wekenlang koude, harde wind en golven van tien meter. Een gescheurd grootzeil werd onderweg gerepareerd, zonder dat we snelheid verloren ten opzichte van de concurrentie.

## Wat we meenemen

De ervaring uit de race delen we nu met iedereen die met ons meevaart: op [zakelijke zeildagen](/calendar), in trainingen en tijdens de ARC. Lees het hele verhaal [over het team](/about).`,
    titleEn: "Looking back: second in the round-the-world race",
    descriptionEn:
      "In 2023 we finished second in the round-the-world race. A look back at the legs, the hardest moments and what it taught us.",
    contentEn: `The team was founded in 2023 with one goal: to take part in the round-the-world race. We finished second, a result we are still proud of.

## The race in numbers

- More than 30,000 nautical miles across four oceans.
- A top speed of 33.4 knots in the Southern Ocean.
- A 65 ft boat with a 34 m mast and nine crew.

## The hardest leg

The Southern Ocean leg asked everything of boat and crew: weeks of cold, strong wind and ten-metre waves. A torn mainsail was repaired on the way, without losing speed on the competition.

## What we take with us

We now share the experience from the race with everyone who sails with us: on [corporate sailing days](/calendar), in training and in the ARC. Read the full story [about the team](/about).`,
  },
  {
    slug: "zomeravondzeilen-vanuit-scheveningen",
    category: "general",
    published: true,
    daysAgo: 115,
    image: MISSING_IMAGE,
    documentUrl: null,
    documentName: null,
    title: "Zomeravondzeilen vanuit Scheveningen",
    description:
      "Op zomeravonden varen we gratis uit met genodigden: kennismaken met de boot, zelf sturen en praten over samenwerking.",
    content: `Wat begon als een enkele avond voor vrienden van het team, is uitgegroeid tot een vaste traditie: zomeravondzeilen vanuit Scheveningen, 3e haven.

## Hoe het werkt

- We varen van 18:30 tot 21:30 uur, met maximaal acht gasten aan boord.
- Deelname is altijd gratis.
- Ongeveer vijf dagen van tevoren krijg je een e-mail met praktische informatie.
- Gaat een avond niet door, bijvoorbeeld door het weer, dan laten we dat altijd weten.

## Uitnodiging

Zomeravondzeilen is op uitnodiging. Heb je een uitnodiging ontvangen, dan schrijf je je in via de [pagina voor zomeravondzeilen](/zomeravondzeilen). Geen uitnodiging maar wel interesse? [Mail ons](/#contact).`,
    titleEn: "Summer evening sailing from Scheveningen",
    descriptionEn:
      "On summer evenings we take invited guests out for free: meet the boat, take the helm and talk about working together.",
    contentEn: `What started as a single evening for friends of the team has grown into a tradition: summer evening sailing from Scheveningen, 3rd harbour.

## How it works

- We sail from 18:30 to 21:30, with at most eight guests on board.
- Taking part is always free.
- About five days before, you receive an e-mail with practical information.
- If an evening is called off, for example because of the weather, we always let you know.

## Invitation

Summer evening sailing is by invitation. If you received one, register on the [summer evening sailing page](/zomeravondzeilen). No invitation but interested? [E-mail us](/#contact).`,
  },
];

export function demoArticles(now: Date): NewBlogPost[] {
  return [...ARTICLES]
    .sort((a, b) => a.daysAgo - b.daysAgo)
    .map(({ daysAgo, ...article }) => ({ ...article, date: new Date(now.getTime() - daysAgo * DAY_MS) }));
}

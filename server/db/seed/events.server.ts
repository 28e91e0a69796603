import type { crewItems, NewEvent } from "../schema.server";

/**
 * Demo events and private pages. Pure data: no database access. Dates are computed from `now`
 * so the calendar always shows upcoming, live and completed events, except for the few
 * events whose real dates are part of the product (ARC 2025, SAIL Amsterdam 2025).
 * Money is in integer euro cents.
 */

export const demoPrivatePages: { key: string; title: string }[] = [
  { key: "arc-registration", title: "ARC 2025 Private Registration" },
  { key: "vwdtp", title: "VWDTP Challenge" },
  { key: "scheveningen", title: "Scheveningen - Cascais - Privé Registratie" },
  { key: "zomeravondzeilen", title: "Zomeravondzeilen" },
];

/** The corporate day that holds the demo group booking (an HR manager's five places). */
export const GROUP_BOOKING_SLUG = "zakelijke-zeildag";

/** The event whose capacity the seed fills with confirmed registrations (shows Fully Booked). */
export const FULLY_BOOKED_SLUG = "kennismaking-oceaanracen";

// ---------------------------------------------------------------------------------------------
// Amsterdam wall-clock time
// ---------------------------------------------------------------------------------------------

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A calendar date in Amsterdam; month is 1-12. */
type LocalDate = { year: number; month: number; day: number };
/** A wall-clock time, "HH:MM". */
type Clock = `${number}:${number}`;

const SUNDAY = 0;
const TUESDAY = 2;
const THURSDAY = 4;
const FRIDAY = 5;
const SATURDAY = 6;

const DUTCH_MONTHS = [
  "januari", "februari", "maart", "april", "mei", "juni",
  "juli", "augustus", "september", "oktober", "november", "december",
] as const;
const ENGLISH_MONTHS = [
  "January", "February", "March", "April", "May", "June",
  "July", "August", "September", "October", "November", "December",
] as const;

/** 00:00 UTC on the last Sunday of a month (month 0-11). */
function lastSundayUtc(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0);
  return lastDay - new Date(lastDay).getUTCDay() * DAY_MS;
}

/**
 * Amsterdam's UTC offset at an instant: CEST (UTC+2) from the last Sunday of March 01:00 UTC
 * until the last Sunday of October 01:00 UTC, CET (UTC+1) otherwise (the EU rule).
 */
function amsterdamOffsetMs(instantMs: number): number {
  const year = new Date(instantMs).getUTCFullYear();
  const summerStart = lastSundayUtc(year, 2) + HOUR_MS;
  const summerEnd = lastSundayUtc(year, 9) + HOUR_MS;
  return instantMs >= summerStart && instantMs < summerEnd ? 2 * HOUR_MS : HOUR_MS;
}

/** The Amsterdam calendar date of an instant. */
function amsterdamDateOf(instant: Date): LocalDate {
  const local = new Date(instant.getTime() + amsterdamOffsetMs(instant.getTime()));
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

function addDays(date: LocalDate, days: number): LocalDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

function weekdayOf(date: LocalDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/** The instant at which Amsterdam clocks show `time` on `date`. */
function amsterdamTime(date: LocalDate, time: Clock): Date {
  const [hours, minutes] = time.split(":").map(Number);
  const wallMs = Date.UTC(date.year, date.month - 1, date.day, hours, minutes);
  const asSummerTime = wallMs - 2 * HOUR_MS;
  return new Date(amsterdamOffsetMs(asSummerTime) === 2 * HOUR_MS ? asSummerTime : wallMs - HOUR_MS);
}

/** Clock helpers bound to the Amsterdam date of `now`. */
function calendarFrom(now: Date) {
  const today = amsterdamDateOf(now);
  /** Days from today to the first `weekday` that is at least `minDays` away (may be negative). */
  const weekdayFrom = (minDays: number, weekday: number): number =>
    minDays + ((weekday - weekdayOf(addDays(today, minDays)) + 7) % 7);
  return {
    today,
    /** `days` from today (negative: in the past) at `time` Amsterdam time. */
    at: (days: number, time: Clock): Date => amsterdamTime(addDays(today, days), time),
    weekdayFrom,
  };
}

// ---------------------------------------------------------------------------------------------
// Event rows
// ---------------------------------------------------------------------------------------------

type EventData = {
  slug: string;
  name: string;
  /** Every demo event has its texts in both languages (decision 016), the name too where it is the same. */
  nameEn: string;
  description: string;
  descriptionEn: string;
  startDate: Date;
  endDate: Date;
  location: string;
  /** The place's English name where it differs. */
  locationEn?: string;
  priceCents: number;
  included: string[];
  includedEn: string[];
  maxParticipants: number | null;
  imageUrl: string;
  kind: NonNullable<NewEvent["kind"]>;
};

type EventOptions = {
  status?: NonNullable<NewEvent["status"]>;
  bookingMode?: NonNullable<NewEvent["bookingMode"]>;
  depositPercent?: number;
  documentUrl?: string | null;
  documentName?: string | null;
  registrationOpensAt?: Date | null;
  earlyBirdPercent?: number | null;
  earlyBirdUntil?: Date | null;
  listed?: boolean;
  privatePageKey?: string | null;
};

const EVENT_DEFAULTS: Required<EventOptions> = {
  status: "upcoming",
  bookingMode: "registration",
  depositPercent: 50,
  documentUrl: null,
  documentName: null,
  registrationOpensAt: null,
  earlyBirdPercent: null,
  earlyBirdUntil: null,
  listed: true,
  privatePageKey: null,
};

/** A complete row: every column the seed sets is present, with the defaults filled in. */
function demoEvent(data: EventData & EventOptions): NewEvent {
  return { ...EVENT_DEFAULTS, ...data };
}

function image(name: string): string {
  return `/images/${name}-1280.webp`;
}

/** The home harbour, named as everywhere on the site: "3e haven" in Dutch, "3rd harbour" in English. */
const SCHEVENINGEN = { location: "Scheveningen, 3e haven", locationEn: "Scheveningen, 3rd harbour" };

/** Each summer evening its own light and story, so the demo shows the page as it looks in use. */
const SUMMER_EVENINGS: { image: string; nl: string; en: string }[] = [
  {
    image: "evening-golden",
    nl: "De eerste zomeravond van het seizoen: we varen uit met de zon nog hoog, zetten de grote genua en laten je kennismaken met het schip, de bemanning en het roer.",
    en: "The first summer evening of the season: we sail out with the sun still high, set the big genoa and let you get to know the boat, the crew and the helm.",
  },
  {
    image: "evening",
    nl: "Een avond in het teken van snelheid: met de gennaker op ruime koers langs de kust richting de pier, terwijl de zon in zee zakt.",
    en: "An evening about speed: the gennaker up on a broad reach along the coast towards the pier while the sun sinks into the sea.",
  },
  {
    image: "evening-dusk",
    nl: "Trimmen en overstag: je draait zelf aan de lieren en voelt hoe een 65 voet oceaanracer reageert op elke centimeter schoot. We zijn terug in de schemering.",
    en: "Trimming and tacking: you grind the winches yourself and feel how a 65 ft ocean racer answers every inch of sheet. We are back at dusk.",
  },
  {
    image: "evening-haze",
    nl: "Een rustige avond op vlak water, ideaal voor wie voor het eerst meevaart. De schipper vertelt over de race rond de wereld en de plannen voor volgend jaar.",
    en: "A calm evening on flat water, ideal if it is your first time aboard. The skipper tells about the round-the-world race and next year's plans.",
  },
  {
    image: "evening-twilight",
    nl: "De laatste zomeravond: we zeilen door tot het blauwe uur en sluiten het seizoen af met een drankje in de haven.",
    en: "The last summer evening: we sail on into the blue hour and close the season with drinks in the harbour.",
  },
];

/** Free summer evening sails: every other Thursday in June and July of the coming summer. */
function summerEvenings(now: Date): NewEvent[] {
  const { today } = calendarFrom(now);
  const firstThursdayOfJune = (year: number): LocalDate => {
    const juneFirst: LocalDate = { year, month: 6, day: 1 };
    return addDays(juneFirst, (THURSDAY - weekdayOf(juneFirst) + 7) % 7);
  };
  // This year's season if it has not started yet, otherwise next year's.
  const thisSeason = firstThursdayOfJune(today.year);
  const seasonStarted = Date.UTC(thisSeason.year, thisSeason.month - 1, thisSeason.day) <=
    Date.UTC(today.year, today.month - 1, today.day);
  const firstThursday = seasonStarted ? firstThursdayOfJune(today.year + 1) : thisSeason;

  const evenings: LocalDate[] = [];
  for (let date = firstThursday; date.month <= 7; date = addDays(date, 14)) evenings.push(date);

  return evenings.map((date, index) => {
    const story = SUMMER_EVENINGS[index % SUMMER_EVENINGS.length];
    const iso = `${date.year}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`;
    return demoEvent({
      slug: `zomeravondzeilen-${iso}`,
      name: `Zomeravondzeilen ${date.day} ${DUTCH_MONTHS[date.month - 1]}`,
      nameEn: `Summer evening sail ${date.day} ${ENGLISH_MONTHS[date.month - 1]}`,
      description: `${story.nl} Ongeveer vijf dagen van tevoren ontvang je een e-mail met praktische informatie.`,
      descriptionEn: `${story.en} About five days before, you receive an e-mail with practical information.`,
      startDate: amsterdamTime(date, "18:30"),
      endDate: amsterdamTime(date, "21:30"),
      ...SCHEVENINGEN,
      priceCents: 0,
      depositPercent: 0,
      included: [
        "Drie uur zeilen met de vaste bemanning",
        "Zelf aan het roer van een 65 voet oceaanracer",
        "Reddingsvest en zeiljas in bruikleen",
        "Drankje en hapje na afloop in de haven",
      ],
      includedEn: [
        "Three hours of sailing with the regular crew",
        "Take the helm of a 65 ft ocean racer",
        "Life jacket and sailing jacket on loan",
        "Drinks and snacks in the harbour afterwards",
      ],
      maxParticipants: 8,
      imageUrl: image(story.image),
      kind: "sailing",
      listed: false,
      privatePageKey: "zomeravondzeilen",
    });
  });
}

export function demoEvents(now: Date): NewEvent[] {
  const { at, weekdayFrom } = calendarFrom(now);

  const trainingSaturday = weekdayFrom(60, SATURDAY);
  const introSaturday = weekdayFrom(24, SATURDAY);
  const corporateFriday = weekdayFrom(45, FRIDAY);
  const challengeSaturday = weekdayFrom(150, SATURDAY);
  const regattaSaturday = weekdayFrom(-24, SATURDAY);
  const academySaturday = weekdayFrom(180, SATURDAY);
  const recordStart = weekdayFrom(95, TUESDAY);
  const vwdtpDay = weekdayFrom(120, SATURDAY);
  const cascaisDeparture = weekdayFrom(240, SUNDAY);
  const openBoatThursday = weekdayFrom(75, THURSDAY);
  const lasPalmasDeparture = cascaisDeparture + 12;

  return [
    // --- Events with fixed dates -------------------------------------------------------------
    demoEvent({
      slug: "arc-2025",
      name: "ARC 2025",
      // The same name in both languages.
      nameEn: "ARC 2025",
      description:
        "Steek met ons de Atlantische Oceaan over in de Atlantic Rally for Cruisers. Vanuit Las Palmas de Gran Canaria zeil je in ongeveer drie weken naar Rodney Bay op Saint Lucia, als volwaardig bemanningslid van onze 65 voet oceaanracer. Je loopt wachten, staat aan het roer en leert offshore zeilen van de bemanning die in 2023 tweede werd in de race rond de wereld.",
      descriptionEn:
        "Cross the Atlantic with us in the Atlantic Rally for Cruisers. From Las Palmas de Gran Canaria you sail to Rodney Bay, Saint Lucia, in about three weeks as a full crew member of our 65 ft ocean racer. You stand watches, helm and learn offshore sailing from the crew that finished second in the 2023 round-the-world race.",
      startDate: new Date("2025-11-23T12:30:00Z"),
      endDate: new Date("2025-12-14T18:00:00-04:00"),
      location: "Las Palmas de Gran Canaria → Saint Lucia",
      priceCents: 495_000,
      included: [
        "Plaats als bemanningslid voor de volledige oversteek",
        "Alle maaltijden en drinkwater aan boord",
        "Offshore zeilkleding en reddingsvest met AIS-baken",
        "Veiligheidstraining en briefing in Las Palmas",
        "ARC-programma in Las Palmas en het welkomstfeest in Rodney Bay",
        "Professionele schipper en vaste bemanning",
      ],
      includedEn: [
        "A crew place for the whole crossing",
        "All meals and drinking water on board",
        "Offshore foul-weather gear and a life jacket with AIS beacon",
        "Safety training and briefing in Las Palmas",
        "The ARC programme in Las Palmas and the welcome party in Rodney Bay",
        "A professional skipper and the regular crew",
      ],
      maxParticipants: 10,
      documentUrl: "/documents/arc-2025-brochure.pdf",
      documentName: "ARC 2025 Brochure",
      imageUrl: image("atlantic"),
      kind: "race",
      bookingMode: "waitlist",
      earlyBirdPercent: 10,
      earlyBirdUntil: new Date("2025-09-01T00:00:00Z"),
      privatePageKey: "arc-registration",
    }),
    demoEvent({
      slug: "sail-out",
      name: "Sail-Out tijdens SAIL Amsterdam 2025",
      nameEn: "Sail-Out at SAIL Amsterdam 2025",
      description:
        "Van 20 tot en met 24 augustus varen we tijdens SAIL Amsterdam dagelijks met kleine groepen over het IJ, tussen honderden tallships door, met de grote Sail-Out-parade op zondag als hoogtepunt. Je ticket geldt voor één vaart van ongeveer drie uur; de dag stemmen we na je inschrijving met je af.",
      descriptionEn:
        "From 20 to 24 August we sail small groups across the IJ during SAIL Amsterdam, among hundreds of tall ships, with the great Sail-Out parade on Sunday as the highlight. Your ticket is for one sail of about three hours; we agree the day with you after you register.",
      startDate: new Date("2025-08-20T10:00:00+02:00"),
      endDate: new Date("2025-08-24T18:00:00+02:00"),
      location: "Amsterdam, IJhaven",
      priceCents: 9_500,
      depositPercent: 100,
      included: [
        "Eén vaart van circa drie uur tijdens SAIL Amsterdam",
        "Uitleg van de bemanning over de boot en de race rond de wereld",
        "Reddingsvest in bruikleen",
        "Drankjes aan boord",
      ],
      includedEn: [
        "One sail of about three hours during SAIL Amsterdam",
        "The crew's story of the boat and the round-the-world race",
        "Life jacket on loan",
        "Drinks on board",
      ],
      maxParticipants: 12,
      registrationOpensAt: new Date("2025-08-12T09:00:00+02:00"),
      imageUrl: image("harbour-morning"),
      kind: "event",
      listed: false,
    }),
    demoEvent({
      slug: "sail-amsterdam-2025",
      name: "SAIL Amsterdam 2025 – bezoek de boot",
      nameEn: "SAIL Amsterdam 2025 – visit the boat",
      description:
        "Tijdens SAIL Amsterdam ligt onze oceaanracer aan de kade. Van donderdag tot en met zaterdag ben je welkom om de boot te bezoeken: inschrijven is niet nodig en de toegang is gratis.",
      descriptionEn:
        "During SAIL Amsterdam our ocean racer is moored on the quay. From Thursday to Saturday you are welcome to visit the boat: no registration needed, and entry is free.",
      startDate: new Date("2025-08-21T10:00:00+02:00"),
      endDate: new Date("2025-08-23T18:00:00+02:00"),
      location: "Amsterdam, IJhaven",
      priceCents: 0,
      depositPercent: 0,
      included: [
        "Gratis vrije inloop, geen inschrijving nodig",
        "Rondleiding aan dek door de bemanning",
        "Verhalen en beelden uit de race rond de wereld",
      ],
      includedEn: [
        "Free walk-in, no registration needed",
        "A tour of the deck by the crew",
        "Stories and footage from the round-the-world race",
      ],
      maxParticipants: null,
      imageUrl: image("harbour-festival"),
      kind: "event",
      status: "completed",
      bookingMode: "walk_in",
    }),
    demoEvent({
      slug: "open-schip-scheveningen",
      name: "Open Schip Scheveningen",
      nameEn: "Open Boat Days Scheveningen",
      description:
        "Drie dagen ligt onze oceaanracer open voor publiek in de haven van Scheveningen. Van donderdag tot en met zaterdag leidt de bemanning je rond aan dek en vertelt over de race rond de wereld. Inschrijven is niet nodig.",
      descriptionEn:
        "For three days our ocean racer is open to the public in Scheveningen harbour. From Thursday to Saturday the crew shows you around on deck and tells the story of the round-the-world race. No registration needed.",
      startDate: at(openBoatThursday, "11:00"),
      endDate: at(openBoatThursday + 2, "17:00"),
      ...SCHEVENINGEN,
      priceCents: 0,
      depositPercent: 0,
      included: ["Gratis vrije inloop", "Rondleiding aan dek door de bemanning", "Koffie en verhalen aan de kade"],
      includedEn: ["Free walk-in", "A tour of the deck by the crew", "Coffee and stories on the quay"],
      maxParticipants: null,
      imageUrl: image("harbour"),
      kind: "event",
      bookingMode: "walk_in",
    }),

    // --- Closed or full: waiting list by e-mail ----------------------------------------------
    demoEvent({
      slug: "scheveningen-challenge",
      name: "Scheveningen Challenge",
      // The same name in both languages.
      nameEn: "Scheveningen Challenge",
      description:
        "Een tweedaagse offshore race vanaf Scheveningen langs de boeien en platforms van de Noordzee, met een nacht op zee. Je vaart mee als bemanningslid en draait wachten met onze vaste bemanning. Dit evenement is vol; mail ons voor de wachtlijst.",
      descriptionEn:
        "A two-day offshore race from Scheveningen around the buoys and platforms of the North Sea, with a night at sea. You race as a crew member and stand watches with our regular crew. This event is full; e-mail us to join the waiting list.",
      startDate: at(challengeSaturday, "09:00"),
      endDate: at(challengeSaturday + 1, "17:00"),
      ...SCHEVENINGEN,
      priceCents: 69_500,
      included: [
        "Plaats als bemanningslid tijdens de race",
        "Race-briefing en veiligheidstraining",
        "Maaltijden aan boord",
        "Offshore zeilkleding en reddingsvest",
        "Prijsuitreiking en borrel in de haven",
      ],
      includedEn: [
        "A crew place during the race",
        "Race briefing and safety training",
        "Meals on board",
        "Offshore foul-weather gear and life jacket",
        "Prize-giving and drinks in the harbour",
      ],
      maxParticipants: 8,
      imageUrl: image("hero"),
      kind: "race",
      bookingMode: "waitlist",
    }),
    demoEvent({
      slug: "scheveningen-cascais",
      name: "Scheveningen - Cascais",
      // The same name in both languages.
      nameEn: "Scheveningen - Cascais",
      description:
        "Offshore overtocht van Scheveningen naar Cascais in Portugal: door het Kanaal, over de Golf van Biskaje en langs de Spaanse kust. Ongeveer 1.200 zeemijl met wachten dag en nacht, de ideale voorbereiding op een oceaanoversteek. De inschrijving is gesloten; mail ons voor de wachtlijst.",
      descriptionEn:
        "An offshore passage from Scheveningen to Cascais, Portugal: through the Channel, across the Bay of Biscay and along the Spanish coast. About 1,200 nautical miles with watches day and night, the ideal preparation for an ocean crossing. Registration is closed; e-mail us to join the waiting list.",
      startDate: at(cascaisDeparture, "10:00"),
      endDate: at(cascaisDeparture + 9, "18:00"),
      location: "Scheveningen → Cascais (Portugal)",
      priceCents: 245_000,
      included: [
        "Plaats als bemanningslid voor de volledige overtocht",
        "Alle maaltijden en drinkwater aan boord",
        "Offshore zeilkleding en reddingsvest met AIS-baken",
        "Veiligheidstraining voor vertrek",
        "Professionele schipper en vaste bemanning",
      ],
      includedEn: [
        "A crew place for the whole passage",
        "All meals and drinking water on board",
        "Offshore foul-weather gear and a life jacket with AIS beacon",
        "Safety training before departure",
        "A professional skipper and the regular crew",
      ],
      maxParticipants: 8,
      documentUrl: "/documents/scheveningen-cascais-brochure.pdf",
      documentName: "Scheveningen - Cascais Brochure",
      imageUrl: image("north-sea-dawn"),
      kind: "sailing",
      bookingMode: "waitlist",
      listed: false,
      privatePageKey: "scheveningen",
    }),
    demoEvent({
      slug: "cascais-las-palmas",
      name: "Cascais - Las Palmas",
      // The same name in both languages.
      nameEn: "Cascais - Las Palmas",
      description:
        "Het vervolg van de overtocht: van Cascais over de open oceaan naar Las Palmas de Gran Canaria, ongeveer 700 zeemijl en vijf tot zes dagen op zee. De inschrijving is gesloten; mail ons voor de wachtlijst.",
      descriptionEn:
        "The second leg of the passage: from Cascais across the open ocean to Las Palmas de Gran Canaria, about 700 nautical miles and five to six days at sea. Registration is closed; e-mail us to join the waiting list.",
      startDate: at(lasPalmasDeparture, "10:00"),
      endDate: at(lasPalmasDeparture + 7, "18:00"),
      location: "Cascais → Las Palmas de Gran Canaria",
      priceCents: 185_000,
      included: [
        "Plaats als bemanningslid voor de volledige overtocht",
        "Alle maaltijden en drinkwater aan boord",
        "Offshore zeilkleding en reddingsvest met AIS-baken",
        "Professionele schipper en vaste bemanning",
      ],
      includedEn: [
        "A crew place for the whole passage",
        "All meals and drinking water on board",
        "Offshore foul-weather gear and a life jacket with AIS beacon",
        "A professional skipper and the regular crew",
      ],
      maxParticipants: 8,
      imageUrl: image("atlantic-night"),
      kind: "sailing",
      bookingMode: "waitlist",
    }),

    // --- Private pages -----------------------------------------------------------------------
    demoEvent({
      slug: "vwdtp-challenge",
      name: "VWDTP Challenge",
      // The same name in both languages.
      nameEn: "VWDTP Challenge",
      description:
        "Exclusief zeilevenement voor VWDTP-leden: een dag wedstrijdzeilen op de Noordzee aan boord van onze 65 voet oceaanracer. Onder begeleiding van de bemanning trim je de zeilen, neem je het roer over en vaar je een korte baan tegen de klok.",
      descriptionEn:
        "An exclusive sailing event for VWDTP members: a day of racing on the North Sea aboard our 65 ft ocean racer. Guided by the crew you trim the sails, take the helm and sail a short course against the clock.",
      startDate: at(vwdtpDay, "10:00"),
      endDate: at(vwdtpDay, "17:00"),
      ...SCHEVENINGEN,
      priceCents: 17_500,
      depositPercent: 100,
      included: [
        "Een dag zeilen met de vaste bemanning",
        "Veiligheidsbriefing en zeilkleding in bruikleen",
        "Lunch aan boord",
        "Borrel na afloop in de haven",
      ],
      includedEn: [
        "A day of sailing with the regular crew",
        "Safety briefing and sailing gear on loan",
        "Lunch on board",
        "Drinks in the harbour afterwards",
      ],
      maxParticipants: 12,
      imageUrl: image("corporate-breeze"),
      kind: "event",
      listed: false,
      privatePageKey: "vwdtp",
    }),
    ...summerEvenings(now),

    // --- Public calendar ---------------------------------------------------------------------
    demoEvent({
      slug: "zakelijke-zeildag",
      name: "Zakelijke zeildag",
      nameEn: "Corporate sailing day",
      description:
        "Teambuilding op de Noordzee: met je collega's vorm je een dag lang de bemanning van een oceaanracer. Samenwerken, communiceren en beslissen onder druk, met de bemanning die tweede werd in de race rond de wereld. Prijs per persoon.",
      descriptionEn:
        "Team building on the North Sea: for a day you and your colleagues are the crew of an ocean racer. Working together, communicating and deciding under pressure, with the crew that finished second in the round-the-world race. Price per person.",
      startDate: at(corporateFriday, "09:30"),
      endDate: at(corporateFriday, "17:00"),
      ...SCHEVENINGEN,
      priceCents: 29_500,
      included: [
        "Ontvangst met koffie en veiligheidsbriefing",
        "Een dag zeilen met een professionele schipper en bemanning",
        "Zeilkleding en reddingsvest in bruikleen",
        "Lunch aan boord",
        "Borrel en foto's van de dag",
      ],
      includedEn: [
        "Welcome with coffee and a safety briefing",
        "A day of sailing with a professional skipper and crew",
        "Sailing gear and life jacket on loan",
        "Lunch on board",
        "Drinks and photos of the day",
      ],
      // 12 places for visitors beside the demo group booking of 5 (seed/index.server.ts): what the
      // browser tests book here needs them, as before the group booking was seeded.
      maxParticipants: 17,
      imageUrl: image("corporate"),
      kind: "corporate",
    }),
    demoEvent({
      slug: "noordzee-recordpoging",
      name: "Noordzee Recordpoging",
      nameEn: "North Sea Record Attempt",
      description:
        "We gaan voor het snelste rondje Noordzee. Binnen een wachtperiode van vijf dagen kiezen we het beste weervenster; de poging zelf duurt ongeveer dertig uur bij snelheden tot boven de 30 knopen. Je vaart mee als volwaardig bemanningslid.",
      descriptionEn:
        "We are going for the fastest lap of the North Sea. Within a five-day standby period we pick the best weather window; the attempt itself takes about thirty hours at speeds above 30 knots. You sail as a full crew member.",
      startDate: at(recordStart, "08:00"),
      endDate: at(recordStart + 4, "20:00"),
      ...SCHEVENINGEN,
      priceCents: 125_000,
      included: [
        "Plaats als bemanningslid tijdens de recordpoging",
        "Voorbereidende trainingsdag op het water",
        "Maaltijden aan boord",
        "Offshore zeilkleding en reddingsvest met AIS-baken",
        "Officiële registratie van de tijd",
      ],
      includedEn: [
        "A crew place during the record attempt",
        "A preparation day on the water",
        "Meals on board",
        "Offshore foul-weather gear and a life jacket with AIS beacon",
        "Official timing of the attempt",
      ],
      maxParticipants: 10,
      imageUrl: image("north-sea"),
      kind: "race",
    }),
    demoEvent({
      slug: "offshore-trainingsweekend",
      name: "Offshore trainingsweekend",
      nameEn: "Offshore training weekend",
      description:
        "Twee dagen intensieve training op de Noordzee: manoeuvres, zeilwissels, man-over-boord en een nachtwacht. Voor zeilers met ervaring die de stap naar offshore racen willen maken.",
      descriptionEn:
        "Two days of intensive training on the North Sea: manoeuvres, sail changes, man overboard and a night watch. For experienced sailors who want to move up to offshore racing.",
      startDate: at(trainingSaturday, "09:00"),
      endDate: at(trainingSaturday + 1, "17:00"),
      ...SCHEVENINGEN,
      priceCents: 39_500,
      included: [
        "Twee dagen training met een professionele coach",
        "Overnachting aan boord",
        "Alle maaltijden",
        "Zeilkleding en reddingsvest in bruikleen",
      ],
      includedEn: [
        "Two days of training with a professional coach",
        "A night on board",
        "All meals",
        "Sailing gear and life jacket on loan",
      ],
      maxParticipants: 10,
      imageUrl: image("training"),
      kind: "training",
    }),
    demoEvent({
      slug: FULLY_BOOKED_SLUG,
      name: "Kennismaking oceaanracen",
      nameEn: "Introduction to ocean racing",
      description:
        "Een dag om te ontdekken hoe het is om op een oceaanracer te zeilen: uitleg aan de kade, daarna het water op om zelf te sturen en te trimmen.",
      descriptionEn:
        "A day to find out what sailing an ocean racer is like: an introduction on the quay, then out on the water to helm and trim yourself.",
      startDate: at(introSaturday, "10:00"),
      endDate: at(introSaturday, "16:00"),
      ...SCHEVENINGEN,
      priceCents: 14_500,
      included: [
        "Uitleg over de boot aan de kade",
        "Vier uur zeilen op de Noordzee",
        "Zeilkleding en reddingsvest in bruikleen",
        "Lunch",
      ],
      includedEn: [
        "An introduction to the boat on the quay",
        "Four hours of sailing on the North Sea",
        "Sailing gear and life jacket on loan",
        "Lunch",
      ],
      maxParticipants: 6,
      imageUrl: image("boat-yard"),
      kind: "training",
    }),
    demoEvent({
      slug: "offshore-kwalificatietocht",
      name: "Offshore kwalificatietocht",
      nameEn: "Offshore qualifying passage",
      description:
        "Een non-stop tocht van 300 zeemijl over de Noordzee, waarmee bemanningsleden hun offshore kwalificatie voor de komende races halen. Volg de boot live op de kaart.",
      descriptionEn:
        "A non-stop passage of 300 nautical miles across the North Sea, in which crew members earn their offshore qualification for the coming races. Follow the boat live on the map.",
      startDate: at(-2, "10:00"),
      endDate: at(2, "18:00"),
      ...SCHEVENINGEN,
      priceCents: 85_000,
      included: [
        "Plaats als bemanningslid voor de volledige tocht",
        "Kwalificatiebewijs na afloop",
        "Alle maaltijden aan boord",
        "Offshore zeilkleding en reddingsvest met AIS-baken",
      ],
      includedEn: [
        "A crew place for the whole passage",
        "A qualification certificate afterwards",
        "All meals on board",
        "Offshore foul-weather gear and a life jacket with AIS beacon",
      ],
      maxParticipants: 8,
      imageUrl: image("north-sea-calm"),
      kind: "race",
      status: "live",
    }),
    demoEvent({
      slug: "najaarsregatta-scheveningen",
      name: "Najaarsregatta Scheveningen",
      nameEn: "Scheveningen Autumn Regatta",
      description:
        "Twee dagen wedstrijdzeilen voor de kust van Scheveningen, met korte banen en veel starts. We eindigden als tweede in onze klasse.",
      descriptionEn:
        "Two days of racing off Scheveningen, with short courses and plenty of starts. We finished second in our class.",
      startDate: at(regattaSaturday, "09:00"),
      endDate: at(regattaSaturday + 1, "17:00"),
      ...SCHEVENINGEN,
      priceCents: 39_500,
      included: [
        "Plaats als bemanningslid tijdens de regatta",
        "Lunch aan boord",
        "Zeilkleding en reddingsvest in bruikleen",
        "Prijsuitreiking en borrel",
      ],
      includedEn: [
        "A crew place during the regatta",
        "Lunch on board",
        "Sailing gear and life jacket on loan",
        "Prize-giving and drinks",
      ],
      maxParticipants: 10,
      imageUrl: image("podium"),
      kind: "race",
      status: "completed",
    }),
    demoEvent({
      slug: "ocean-racing-academy",
      name: "Ocean Racing Academy",
      // The same name in both languages.
      nameEn: "Ocean Racing Academy",
      description:
        "Een opleidingstraject in zes weekenden voor zeilers die willen doorgroeien naar oceaanracen, met als afsluiting een offshore race. Het programma start met een kick-off weekend; de overige data en de prijs maken we later bekend. Laat je interesse achter, dan houden we je op de hoogte.",
      descriptionEn:
        "A six-weekend programme for sailors who want to move up to ocean racing, ending with an offshore race. It starts with a kick-off weekend; the other dates and the price follow later. Leave your details and we will keep you posted.",
      startDate: at(academySaturday, "09:00"),
      endDate: at(academySaturday + 1, "17:00"),
      ...SCHEVENINGEN,
      priceCents: 0,
      depositPercent: 0,
      included: [
        "Zes trainingsweekenden met professionele coaches",
        "Theorie over weer, navigatie en veiligheid",
        "Deelname aan een offshore race als afsluiting",
      ],
      includedEn: [
        "Six training weekends with professional coaches",
        "Theory on weather, navigation and safety",
        "An offshore race to finish",
      ],
      maxParticipants: null,
      imageUrl: image("training-spinnaker"),
      kind: "training",
      bookingMode: "interest",
    }),
  ];
}

/** The demo event with a crew file (issue 27): a night at sea asks for experience, health and gear. */
export const CREW_FILE_SLUG = "offshore-trainingsweekend";

/**
 * The training weekend's crew file, as staff would set it up: two questions on the registration
 * form (experience, and a health question the skipper must know before accepting anyone), both
 * optional so a quick booking is never blocked, and two items due a week before the start.
 */
export function demoCrewItems(eventId: string): (typeof crewItems.$inferInsert)[] {
  return [
    {
      eventId,
      position: 0,
      kind: "number",
      labelNl: "Zeilervaring in zeemijlen",
      labelEn: "Sailing experience in nautical miles",
      helpNl: "Ongeveer; tel je tochten als schipper en als bemanning.",
      helpEn: "Roughly; count your passages as skipper and as crew.",
      asked: "registration",
      required: false,
    },
    {
      eventId,
      position: 1,
      kind: "yes_no",
      labelNl: "Heb je een medische aandoening of gebruik je medicijnen waarvan de schipper moet weten?",
      labelEn: "Do you have a medical condition or take medication the skipper should know about?",
      followUpNl: "Welke, en wat moet de schipper doen als het misgaat?",
      followUpEn: "Which, and what should the skipper do if something goes wrong?",
      asked: "registration",
      required: false,
      health: true,
    },
    {
      eventId,
      position: 2,
      kind: "choice_one",
      labelNl: "Maat zeilkleding",
      labelEn: "Foul-weather gear size",
      options: ["XS", "S", "M", "L", "XL", "XXL"].map((size) => ({ value: size.toLowerCase(), nl: size, en: size })),
      dueDaysBefore: 7,
    },
    {
      eventId,
      position: 3,
      kind: "qualification",
      labelNl: "Veiligheidstraining (bijvoorbeeld World Sailing Offshore Personal Survival)",
      labelEn: "Safety course (for example World Sailing Offshore Personal Survival)",
      qualificationName: "World Sailing OSR",
      required: false,
      dueDaysBefore: 7,
    },
  ];
}

import type { Messages } from "../../define";
import type en from "../en/home";

// The Dutch counterpart of ../en/home.ts: the same keys, checked by typecheck.
export default {
  "home.meta.title": "Tweede in de race rond de wereld 2023 | Ocean Racing Team",
  "home.hero.kicker": "2e plaats · race rond de wereld 2023",
  "home.hero.title": "Zeil met ons de oceaan op",
  "home.hero.subtitle":
    "Onze 65 voet raceboot werd tweede rond de wereld. Nu neemt ze jou mee: zakelijke zeildagen, de ARC over de Atlantische Oceaan, een recordpoging op de Noordzee en zomeravonden voor de kust van Scheveningen.",
  "home.hero.story": "Ons verhaal",
  "home.hero.news": "Laatste nieuws",
  "home.hero.imageAlt": "Onze 65 voet oceaanracer schuin in de deining bij zonsondergang",
  "home.news.kicker": "Van aan boord",
  "home.news.title": "Laatste nieuws",
  "home.news.all": "Al het nieuws",
  "home.news.empty": "Nog geen nieuws. Kom snel terug.",
  "home.events.kicker": "Zeil met ons mee",
  "home.events.title": "Komende evenementen",
  "home.events.text": "Races, tochten, zakelijke dagen en trainingen aan boord van onze oceaanracer.",
  "home.events.all": "Volledige kalender",
  "home.events.empty": "Er staan op dit moment geen evenementen gepland. Meld je aan voor de nieuwsbrief en hoor het als eerste.",
  "home.team.kicker": "Over het team",
  "home.team.title": "Gebouwd om oceanen te racen",
  "home.team.text":
    "Het team werd in 2023 opgericht door Nederlandse zeezeilers, voer met een 65 voet oceaanracer rond de wereld en werd tweede. Vanuit Scheveningen delen we die boot en die ervaring met iedereen die wil voelen wat oceaanracen is.",
  "home.team.imageAlt": "Bemanning aan dek aan de lieren",
  "home.facts.founded": "Opgericht",
  "home.facts.length": "Lengte boot",
  "home.facts.mast": "Masthoogte",
  "home.facts.speed": "Knopen topsnelheid",
  "home.contact.kicker": "Neem contact op",
  "home.contact.title": "Contact",
  "home.contact.text": "Vragen over een evenement, een zakelijke dag of een samenwerking? Stuur ons een e-mail; we antwoorden binnen twee werkdagen.",
  "home.contact.location": "Thuishaven",
} satisfies Messages<typeof en>;

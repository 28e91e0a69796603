import type { Messages } from "../../define";
import type en from "../en/content";

// The Dutch counterpart of ../en/content.ts: the same keys, checked by typecheck.
export default {
  "content.newTab": "(opent in een nieuw tabblad)",
  "content.legal.toc": "Inhoud",
  "content.legal.lastUpdated": "Laatst bijgewerkt",
  "content.legal.kicker": "Juridisch",

  "content.about.meta.title": "Over het team | Ocean Racing Team",
  "content.about.meta.description":
    "Opgericht in 2023, tweede in de race rond de wereld en nu zeilen met jou: het verhaal van het Nederlandse oceaanraceteam, onze 65 voet raceboot en wat we doen vanuit Scheveningen.",
  "content.about.hero.kicker": "Ons verhaal",
  "content.about.hero.title": "Van Scheveningen naar tweede rond de wereld",
  "content.about.hero.lead":
    "Een groep Nederlandse zeezeilers, één raceboot van 65 voet en één doel: op het hoogste niveau de oceanen over racen. Nu delen we die boot en die ervaring met iedereen die wil voelen wat oceaanracen is.",
  "content.about.hero.imageAlt": "Onze 65 voet raceboot onder vol zeil bij zonsondergang",
  "content.about.cta.calendar": "Bekijk de kalender",
  "content.about.cta.contact": "Neem contact op",
  "content.about.facts.title": "De boot in cijfers",
  "content.about.facts.founded": "Opgericht",
  "content.about.facts.length": "Lengte van de boot",
  "content.about.facts.mast": "Hoogte van de mast",
  "content.about.facts.speed": "Knopen topsnelheid",
  "content.about.story.kicker": "Hoe het begon",
  "content.about.story.title": "Opgericht in 2023",
  "content.about.story.p1":
    "Het team werd in 2023 opgericht door Nederlandse zeezeilers die jarenlang als bemanning op campagnes van anderen hadden gevaren. Ze wilden een Nederlands team dat het kon opnemen tegen de besten ter wereld, met een boot gebouwd voor snelheid en een bemanning die haar dag en nacht veilig tot het uiterste kan drijven.",
  "content.about.story.imageAlt": "De haven van Scheveningen bij nacht, met de vuurtoren en onze boot aan de kade",
  "content.about.story.p2":
    "Scheveningen werd onze thuishaven: dicht bij de Noordzee, dicht bij de mensen die ons steunen, en een plek waar we in elk weer kunnen trainen. Vanaf de eerste dag was het plan groter dan één race: een team bouwen dat blijft, en de boot openstellen voor anderen.",
  "content.about.race.kicker": "De race",
  "content.about.race.title": "Tweede rond de wereld",
  "content.about.race.p1":
    "In de race rond de wereld van 2023 zeilden we tienduizenden zeemijlen over de Atlantische Oceaan, de Zuidelijke Oceaan en de Stille Oceaan, tegen professionele teams met grotere budgetten en een langere geschiedenis.",
  "content.about.race.p2":
    "Wacht na wacht hield de bemanning de boot op topsnelheid, door stormen, windstiltes en ijskoude nachten. We kwamen als tweede in het totaalklassement over de laatste finishlijn: een resultaat dat het team op de kaart van het oceaanracen zette.",
  "content.about.race.imageAlt": "Onze boot komt 's nachts over de finish, met vuurwerk boven de haven",
  "content.about.timeline.title": "De weg naar het podium",
  "content.about.timeline.founded.title": "Het team wordt opgericht",
  "content.about.timeline.founded.text": "Een Nederlandse bemanning, een raceboot van 65 voet en een thuishaven in Scheveningen.",
  "content.about.timeline.preparation.title": "Voorbereiding",
  "content.about.timeline.preparation.text": "Trainingsmijlen op de Noordzee, veiligheidsoefeningen en een boot klaar voor de open oceaan.",
  "content.about.timeline.race.title": "Rond de wereld",
  "content.about.timeline.race.text": "Etappe na etappe over de Atlantische Oceaan, de Zuidelijke Oceaan en de Stille Oceaan.",
  "content.about.timeline.finish.title": "Tweede plaats",
  "content.about.timeline.finish.text": "Het team wordt tweede in het totaalklassement van de race rond de wereld van 2023.",
  "content.about.boat.kicker": "De boot",
  "content.about.boat.title": "65 voet, gebouwd voor de open oceaan",
  "content.about.boat.text":
    "Onze raceboot is ontworpen om snel en veilig ver van de kust te zeilen. Haar hoge tuig drijft haar naar meer dan 33 knopen, terwijl een sterke romp en beproefde veiligheidsuitrusting de bemanning beschermen bij zwaar weer. Tussen de evenementen door onderhoudt ons eigen walteam haar.",
  "content.about.boat.imageAlt": "Onze boot op de bok in de werf, met het walteam aan het werk",
  "content.about.boat.specs": "Specificaties",
  "content.about.boat.spec.length": "Lengte",
  "content.about.boat.spec.lengthValue": "65 voet",
  "content.about.boat.spec.mast": "Hoogte van de mast",
  "content.about.boat.spec.mastValue": "34 m",
  "content.about.boat.spec.speed": "Topsnelheid",
  "content.about.boat.spec.speedValue": "33+ knopen",
  "content.about.boat.spec.port": "Thuishaven",
  "content.about.boat.spec.portValue": "Scheveningen, 3e haven",
  "content.about.now.kicker": "Wat we nu doen",
  "content.about.now.title": "De boot is er om mee te zeilen",
  "content.about.now.text":
    "Na de race hebben we de boot opengesteld voor bedrijven, avonturiers en iedereen die van de zee houdt. Professionele schippers en bemanning varen op elke tocht met je mee.",
  "content.about.now.corporate.title": "Zakelijke zeildagen",
  "content.about.now.corporate.text":
    "Een dag aan boord als team: iedere gast krijgt een taak, van grinden tot sturen. Een gedeelde uitdaging waar je collega's nog jaren over praten.",
  "content.about.now.corporate.imageAlt": "Onze boot zeilt aan de wind op een heldere dag voor de kust",
  "content.about.now.charters.title": "Racecharters zoals de ARC",
  "content.about.now.charters.text":
    "Vaar als bemanningslid mee in een oceaanrace, zoals de ARC over de Atlantische Oceaan van Las Palmas naar het Caribisch gebied. Echte wachten, echte mijlen, echt racen.",
  "content.about.now.charters.imageAlt": "Onze boot onder spinnaker op de Atlantische Oceaan",
  "content.about.now.record.title": "Recordpoging op de Noordzee",
  "content.about.now.record.text":
    "We bereiden een poging voor op een zeilrecord op de Noordzee. Volg de voorbereidingen, of vaar mee met de trainingen die ons klaarstomen.",
  "content.about.now.record.imageAlt": "Onze boot schuin in een grijze storm op de Noordzee",
  "content.about.now.evening.title": "Zomeravondzeilen",
  "content.about.now.evening.text":
    "Op zomeravonden zeilen we vanuit Scheveningen, 3e haven, de zonsondergang tegemoet: bekijk de boot van dichtbij, neem het roer over en maak kennis met het team.",
  "content.about.now.evening.imageAlt": "Onze boot zeilt bij zonsondergang voor de kust van Scheveningen",
  "content.about.crew.kicker": "Bemanning en waarden",
  "content.about.crew.title": "Eén bemanning, één boot",
  "content.about.crew.text":
    "Onze bemanning bestaat uit oceaanracers, coaches en een walteam. Wat ons bindt is hoe we zeilen: dit zijn de waarden die iedere gast aan boord tegenkomt.",
  "content.about.crew.imageAlt": "De bemanning werkt samen aan de lieren aan dek",
  "content.about.values.safety.title": "Veiligheid voorop",
  "content.about.values.safety.text": "Een briefing voor elke tocht, de juiste uitrusting voor iedereen en een schipper die altijd het laatste woord heeft.",
  "content.about.values.team.title": "Zeilen als team",
  "content.about.values.team.text": "Op een boot van 65 voet zeilt niemand alleen. Iedereen heeft een rol, en elke rol telt.",
  "content.about.values.performance.title": "Racementaliteit",
  "content.about.values.performance.text": "We zeilen elke mijl alsof die telt: goed voorbereid, gefocust en altijd lerend.",
  "content.about.values.share.title": "De oceaan delen",
  "content.about.values.share.text": "De boot is er niet alleen voor professionals. We willen dat zo veel mogelijk mensen voelen wat oceaanracen is.",
  "content.about.ctaBand.title": "Klaar om met ons te zeilen?",
  "content.about.ctaBand.text":
    "Vind een zeildag, race of avondtocht in de kalender, of mail ons over een zakelijke dag op maat voor jouw team.",

  "content.videos.meta.title": "Video's | Ocean Racing Team",
  "content.videos.meta.description":
    "Bekijk het Ocean Racing Team op het water: de race rond de wereld, trainen op de Noordzee en zakelijke zeildagen op onze 65 voet raceboot.",
  "content.videos.kicker": "Aan boord",
  "content.videos.title": "Video's",
  "content.videos.lead": "Zie hoe racen op een oceaanjacht van 65 voet eruitziet, van de Zuidelijke Oceaan tot een zomeravond voor Scheveningen.",
  "content.videos.featured": "Uitgelichte video",
  "content.videos.more": "Meer video's",
  "content.videos.play": "Video afspelen: {title}",
  "content.videos.playerTitle": "{title} (YouTube-videospeler)",
  "content.videos.consent":
    "De video wordt pas geladen vanaf het privacyvriendelijke domein van YouTube (youtube-nocookie.com) als je op afspelen drukt.",
  "content.videos.privacyLink": "Privacybeleid",
  "content.videos.channel.title": "Meer op ons kanaal",
  "content.videos.channel.text": "Racebeelden, verhalen van aan boord en een kijkje achter de schermen: abonneer je en volg het team.",
  "content.videos.channel.link": "Bezoek ons YouTube-kanaal",
  "content.videos.race.title": "Tweede rond de wereld: onze race van 2023",
  "content.videos.race.description":
    "Van de start in Europa via de Zuidelijke Oceaan naar de laatste finishlijn: het verhaal van onze race rond de wereld in een paar minuten.",
  "content.videos.record.title": "Trainen voor het Noordzeerecord",
  "content.videos.record.description": "Zwaar weer, korte golven en volle snelheid: zo bereiden we ons voor op de recordpoging op de Noordzee.",
  "content.videos.corporate.title": "Een zakelijke zeildag aan boord",
  "content.videos.corporate.description": "Eén team, één boot: een dag grinden, trimmen en sturen voor de Nederlandse kust.",

  "content.boat.meta.title": "Waar is de boot? | Ocean Racing Team",
  "content.boat.meta.description":
    "Volg onze 65 voet raceboot live op de kaart: haar positie via het AIS-netwerk, thuis in Scheveningen of op zee.",
  "content.boat.kicker": "Live positie",
  "content.boat.lead":
    "Onze boot zendt haar positie uit via AIS, het automatische identificatiesysteem waarmee schepen elkaar zien. De kaart hieronder laat zien waar ze nu is: thuis in Scheveningen, 3e haven, op training op de Noordzee, of onderweg naar de volgende race.",
  "content.boat.mapTitle": "Live kaart met de positie van onze raceboot",
  "content.boat.openMap": "Open de kaart in een nieuw tabblad",
  "content.boat.how.title": "Zo werkt het volgen",
  "content.boat.how.text":
    "AIS-posities worden ontvangen door stations langs de kust. Ver op zee kan de boot buiten hun bereik zijn; de laatst bekende positie kan dan een paar uur oud zijn, tot ze weer binnen bereik komt.",
  "content.boat.homePort.title": "Thuishaven",
  "content.boat.homePort.text": "Scheveningen, 3e haven. Hier ligt ze tussen de evenementen door, en op zomeravonden zeilen we hiervandaan.",
  "content.boat.mmsi": "MMSI",
  "content.boat.thirdParty":
    "De kaart wordt geladen van VesselFinder, een externe dienst voor het volgen van schepen, als je deze pagina bekijkt.",
  "content.boat.visit.title": "Kom haar bekijken",
  "content.boat.visit.text": "Wil je aan boord stappen? Vind een avondtocht, zeildag of race in de kalender.",
  "content.boat.visit.link": "Bekijk de kalender",

  "content.privacy.meta.description":
    "Welke persoonsgegevens de website van het Ocean Racing Team bewaart, waarom en hoe lang, welke cookies ze gebruikt en wat je rechten zijn.",

  "content.terms.meta.description":
    "Servicevoorwaarden van het Ocean Racing Team: boeking en betaling, annulering, de afstandsverklaring voor deelnemers en contact.",

  "content.waiver.version": "Versie van de afstandsverklaring: {version}",
} satisfies Messages<typeof en>;

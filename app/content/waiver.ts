/**
 * Liability waiver and release, accepted by every participant when registering for an event.
 *
 * The English text (`waiver`) is authoritative; `waiverNl` is a faithful Dutch translation for
 * Dutch visitors of the registration dialog. Both have the same ten parts, with the same ids, in
 * the same order. A registration stores `WAIVER_VERSION`, so any change to the wording of either
 * text must come with a new version.
 */

/** Stored with each registration (`registrations.waiver_version`). Bump on every change of wording. */
export const WAIVER_VERSION = "2025-01";

export type WaiverPartId =
  | "risk"
  | "health"
  | "insurance"
  | "safety"
  | "prohibited"
  | "release"
  | "media"
  | "changes"
  | "law"
  | "age";

export interface WaiverPart {
  id: WaiverPartId;
  title: string;
  paragraphs: string[];
}

export interface Waiver {
  title: string;
  intro: string;
  parts: WaiverPart[];
}

export const waiver: Waiver = {
  title: "Liability Waiver and Release",
  intro:
    "Sailing on an offshore racing yacht is a great experience, but it also carries real risks. Every participant in an event organised by the Team must read and accept this waiver before taking part. By ticking the acceptance box when you register, you confirm that you have read and understood this waiver and that you agree to it; your electronic acceptance binds you in the same way as a signature. If you do not agree with it, please do not register. In this waiver, \"I\" and \"me\" refer to the participant, and \"the Team\" refers to the ocean racing team that organises the event.",
  parts: [
    {
      id: "risk",
      title: "1. Acknowledgment of Risk",
      paragraphs: [
        "I understand that sailing, and in particular offshore and ocean racing on a high-performance 65-foot racing yacht, is an inherently hazardous activity. The risks include, but are not limited to: slipping and falling; being struck by moving equipment such as the boom, sheets, lines, winches and sails; injury caused by sudden movements of the boat; falling overboard and drowning; hypothermia, heat exhaustion, sunburn, dehydration and seasickness; collision, grounding, capsize, dismasting or other damage to the boat; sudden changes in weather and sea conditions; and the fact that medical help or rescue may be far away and may be delayed.",
        "I understand that these risks cannot be removed entirely, even when the Team, the skipper and the crew act with proper care, and that they may result in serious personal injury, death, or loss of or damage to property.",
        "My participation is entirely voluntary. I accept these risks knowingly and take part on my own responsibility, to the extent permitted by law.",
      ],
    },
    {
      id: "health",
      title: "2. Health and Fitness Declaration",
      paragraphs: [
        "I declare that I am in good health and physically and mentally fit to take part in the event for which I have registered, and that I am not aware of any medical condition, injury, disability or use of medication that would make my participation unsafe for myself or for others on board.",
        "If I have a medical condition that may be relevant on board, such as a heart or respiratory condition, epilepsy, diabetes, a severe allergy or pregnancy, I will inform the Team before the event, so that the Team and I can decide together whether I can take part safely. I understand that the Team may refuse my participation on health grounds.",
        "I will bring and take any personal medication I need, and I will inform the Team without delay if my health changes between my registration and the event.",
      ],
    },
    {
      id: "insurance",
      title: "3. Insurance",
      paragraphs: [
        "I am responsible for having adequate insurance in place for the full duration of the event, including travel insurance, medical insurance (including cover for treatment abroad and, where relevant, emergency evacuation and repatriation) and personal third-party liability insurance.",
        "My insurance must cover personal injury or death, injury that I may cause to others, and loss of or damage to my own property and that of others. I understand that some policies exclude offshore sailing, racing, or sailing beyond a certain distance from the coast, and that it is my responsibility to check that my insurance applies to the event in which I take part.",
        "I understand that the Team's own insurance does not replace my personal insurance. The Team may ask me for proof of insurance before the event and may refuse my participation if I cannot provide it.",
      ],
    },
    {
      id: "safety",
      title: "4. Safety Compliance",
      paragraphs: [
        "I will follow the instructions of the skipper and the crew at all times. The skipper has final authority on board in all matters of safety and navigation, including the decision to leave port, to change course, to shorten or end a sail, or to return to port.",
        "I will attend all safety briefings. I will wear a life jacket whenever I am on deck, unless the skipper indicates otherwise, and a safety harness clipped on to the boat whenever the skipper or crew instruct me to, in the way that has been shown to me. I will use the safety equipment provided only for its intended purpose.",
        "I will wear suitable clothing and footwear, stay clear of the areas of the boat that I have been told to avoid, and inform the skipper or crew immediately if I feel unwell, notice a hazard, or see someone in difficulty.",
        "I understand that the skipper may exclude me from the sail, or from particular tasks on board, if I do not follow safety instructions.",
      ],
    },
    {
      id: "prohibited",
      title: "5. Prohibited Participation",
      paragraphs: [
        "I will not take part if I am unwell, excessively fatigued, or under the influence of alcohol, drugs or medication that may affect my alertness, balance or judgment, or if a doctor has advised me against strenuous physical activity.",
        "The use of alcohol and drugs before or during sailing is strictly prohibited. This prohibition applies from the moment I report for the event until the boat is safely moored and the skipper has ended the sail.",
        "If the skipper or the Team reasonably believe that I am in breach of this part, I may be refused boarding or removed from the event immediately, if necessary by being put ashore at the nearest suitable place. In that case I am not entitled to a refund of the price paid, and any additional costs of my return are for my own account.",
      ],
    },
    {
      id: "release",
      title: "6. Liability Waiver and Indemnity",
      paragraphs: [
        "To the fullest extent permitted by Dutch law, I release and discharge the Team, the company that owns the yacht, the Team's sponsors and suppliers, the skipper, crew, staff and volunteers, and the organisers of any race or event in which the yacht takes part (together, the \"Released Parties\") from all liability for personal injury, death, illness, and loss of or damage to property that I may suffer in connection with my participation in the event. This includes boarding and leaving the boat, the time spent on board, and any activities ashore that are part of the event.",
        "To the same extent, I will indemnify and hold harmless the Released Parties against all claims by third parties, and against the resulting damages and costs (including reasonable legal costs), that arise from my own acts or omissions, including any breach of this waiver.",
        "Nothing in this waiver excludes or limits liability for damage caused by the intent or gross negligence (opzet of bewuste roekeloosheid) of a Released Party or of its management, or any other liability that cannot be excluded or limited under mandatory Dutch law. Where an exclusion in this part is not permitted in full, it applies to the maximum extent that is permitted.",
        "Each of the Released Parties may rely on this part directly, as a stipulation for the benefit of a third party (derdenbeding) within the meaning of Article 6:253 of the Dutch Civil Code.",
      ],
    },
    {
      id: "media",
      title: "7. Photo and Video Release",
      paragraphs: [
        "I understand that photographs and video and audio recordings may be made during the event by the Team, its crew, its sponsors, race organisers and media partners, and that I may be recognisable in them.",
        "I grant the Team the royalty-free, worldwide right, without limitation in time, to use, reproduce, edit and publish these recordings for promotional, editorial and commercial purposes in any medium, including the Team's website and social media channels, press releases, sponsor communications, brochures and advertising, and to share them with its sponsors and partners for the same purposes. I am not entitled to any payment or other compensation for this use.",
        "If I have a reasonable interest in not appearing in a particular image, I can let the Team know, and the Team will take this into account for future use as far as reasonably possible. This does not affect my rights under the General Data Protection Regulation, as described in the Team's privacy policy.",
      ],
    },
    {
      id: "changes",
      title: "8. Event Changes and Force Majeure",
      paragraphs: [
        "Sailing depends on the weather, sea conditions and the condition of the boat. The Team and the skipper may at any time change the programme, route, timing, duration, or port of departure or arrival of an event, or postpone or cancel it, where they consider this necessary for safety or where circumstances beyond their reasonable control require it.",
        "Such circumstances (force majeure) include, for example, adverse weather or sea conditions, damage to or failure of the boat or its equipment, illness or injury of the skipper or crew, decisions of race organisers or of port or government authorities, strikes, epidemics, war, terrorism, and the unavailability of transport.",
        "The Team is not liable for any costs or losses that I incur as a result of such a change, postponement or cancellation, including costs of travel, accommodation, visas and insurance. Any refund of the price of the event itself is governed by the terms of service and the conditions communicated to me at booking.",
      ],
    },
    {
      id: "law",
      title: "9. Governing Law and Jurisdiction",
      paragraphs: [
        "This waiver, and any dispute arising out of or in connection with it or with my participation in the event, is governed exclusively by the laws of the Netherlands.",
        "The competent courts of the Netherlands have exclusive jurisdiction over any such dispute, with the District Court of The Hague (Rechtbank Den Haag) as the court of first instance. If I am a consumer, this does not deprive me of the protection of mandatory provisions of the law of my country of residence, or of any right under mandatory law to bring proceedings before the courts of that country.",
        "If any provision of this waiver is found to be invalid or unenforceable, the other provisions remain in full force, and the invalid provision is replaced by a valid provision that comes as close as possible to its purpose. This English text is authoritative; translations are provided for convenience only.",
      ],
    },
    {
      id: "age",
      title: "10. Age Confirmation",
      paragraphs: [
        "I confirm that I am 18 years of age or older, and that the date of birth I provided at registration is correct.",
        "If the participant is under 18 years of age, a parent or legal guardian must also accept this waiver, both on behalf of the minor and on their own behalf, and thereby confirms that they have explained its content to the minor. The parent or guardian accepts the obligations in this waiver, including the indemnity in part 6, for the minor's participation. The Team may set a minimum age for particular events and may require that a minor is accompanied on board by a parent or guardian.",
      ],
    },
  ],
};

export const waiverNl: Waiver = {
  title: "Afstandsverklaring en vrijwaring",
  intro:
    "Zeilen op een offshore raceboot is een geweldige ervaring, maar brengt ook echte risico's met zich mee. Iedereen die deelneemt aan een evenement van het Team moet deze verklaring vooraf lezen en accepteren. Door bij je inschrijving het vakje aan te vinken, bevestig je dat je deze verklaring hebt gelezen en begrepen en dat je ermee akkoord gaat; je elektronische akkoord bindt je op dezelfde manier als een handtekening. Ga je er niet mee akkoord, schrijf je dan niet in. In deze verklaring verwijzen \"ik\" en \"mij\" naar de deelnemer, en \"het Team\" naar het oceaanraceteam dat het evenement organiseert. Dit is een Nederlandse vertaling voor je gemak: de Engelse tekst is leidend, en bij verschillen tussen beide geldt de Engelse versie.",
  parts: [
    {
      id: "risk",
      title: "1. Erkenning van risico's",
      paragraphs: [
        "Ik begrijp dat zeilen, en in het bijzonder offshore- en oceaanracen op een snel raceschip van 65 voet, een activiteit is die wezenlijke gevaren met zich meebrengt. Die risico's zijn onder meer: uitglijden en vallen; geraakt worden door bewegende onderdelen zoals de giek, schoten, lijnen, lieren en zeilen; letsel door plotselinge bewegingen van de boot; overboord slaan en verdrinken; onderkoeling, oververhitting, zonnebrand, uitdroging en zeeziekte; aanvaring, aan de grond lopen, kapseizen, mastbreuk of andere schade aan de boot; plotselinge veranderingen van weer en zee; en het feit dat medische hulp of redding ver weg kan zijn en vertraging kan oplopen.",
        "Ik begrijp dat deze risico's niet volledig kunnen worden weggenomen, ook niet wanneer het Team, de schipper en de bemanning de nodige zorg in acht nemen, en dat ze kunnen leiden tot ernstig lichamelijk letsel, overlijden, of verlies van of schade aan eigendommen.",
        "Mijn deelname is volledig vrijwillig. Ik aanvaard deze risico's bewust en neem deel op eigen verantwoordelijkheid, voor zover de wet dat toestaat.",
      ],
    },
    {
      id: "health",
      title: "2. Verklaring over gezondheid en fitheid",
      paragraphs: [
        "Ik verklaar dat ik in goede gezondheid verkeer en lichamelijk en geestelijk fit genoeg ben om deel te nemen aan het evenement waarvoor ik me heb ingeschreven, en dat mij geen medische aandoening, blessure, beperking of medicijngebruik bekend is waardoor mijn deelname onveilig zou zijn voor mijzelf of voor anderen aan boord.",
        "Als ik een medische aandoening heb die aan boord van belang kan zijn, zoals een hart- of longaandoening, epilepsie, diabetes, een ernstige allergie of een zwangerschap, meld ik dat vóór het evenement aan het Team, zodat het Team en ik samen kunnen beoordelen of ik veilig kan deelnemen. Ik begrijp dat het Team mijn deelname om gezondheidsredenen kan weigeren.",
        "Ik neem de persoonlijke medicijnen die ik nodig heb zelf mee en gebruik ze zelf, en ik laat het Team direct weten als mijn gezondheid verandert tussen mijn inschrijving en het evenement.",
      ],
    },
    {
      id: "insurance",
      title: "3. Verzekering",
      paragraphs: [
        "Ik ben er zelf verantwoordelijk voor dat ik gedurende het hele evenement voldoende verzekerd ben, met in elk geval een reisverzekering, een ziektekostenverzekering (met dekking voor behandeling in het buitenland en, waar van toepassing, voor spoedevacuatie en repatriëring) en een aansprakelijkheidsverzekering voor particulieren.",
        "Mijn verzekering moet dekking bieden voor lichamelijk letsel of overlijden, voor letsel dat ik anderen toebreng en voor verlies van of schade aan mijn eigen eigendommen en die van anderen. Ik begrijp dat sommige polissen offshorezeilen, wedstrijdzeilen of zeilen buiten een bepaalde afstand van de kust uitsluiten, en dat het mijn eigen verantwoordelijkheid is om na te gaan of mijn verzekering geldt voor het evenement waaraan ik deelneem.",
        "Ik begrijp dat de verzekeringen van het Team mijn persoonlijke verzekeringen niet vervangen. Het Team kan mij vóór het evenement om een bewijs van verzekering vragen en kan mijn deelname weigeren als ik dat niet kan overleggen.",
      ],
    },
    {
      id: "safety",
      title: "4. Naleving van veiligheidsvoorschriften",
      paragraphs: [
        "Ik volg te allen tijde de aanwijzingen van de schipper en de bemanning op. De schipper heeft aan boord het laatste woord in alle zaken van veiligheid en navigatie, waaronder het besluit om uit te varen, van koers te veranderen, een tocht in te korten of te beëindigen, of terug te keren naar de haven.",
        "Ik woon alle veiligheidsbriefings bij. Ik draag een reddingsvest zodra ik aan dek ben, tenzij de schipper anders aangeeft, en een veiligheidsharnas dat aan de boot is vastgeklikt wanneer de schipper of de bemanning mij dat opdraagt, op de manier die mij is voorgedaan. Ik gebruik de beschikbaar gestelde veiligheidsuitrusting alleen waarvoor die bedoeld is.",
        "Ik draag geschikte kleding en schoenen, blijf weg van de delen van de boot waarvan mij is gezegd dat ik daar niet mag komen, en meld het direct aan de schipper of de bemanning als ik me niet goed voel, een gevaar opmerk of zie dat iemand in moeilijkheden is.",
        "Ik begrijp dat de schipper mij kan uitsluiten van de tocht, of van bepaalde taken aan boord, als ik veiligheidsaanwijzingen niet opvolg.",
      ],
    },
    {
      id: "prohibited",
      title: "5. Uitsluiting van deelname",
      paragraphs: [
        "Ik neem niet deel als ik ziek ben, oververmoeid ben, of onder invloed ben van alcohol, drugs of medicijnen die mijn alertheid, evenwicht of beoordelingsvermogen kunnen beïnvloeden, of als een arts mij zware lichamelijke inspanning heeft afgeraden.",
        "Het gebruik van alcohol en drugs vóór of tijdens het zeilen is strikt verboden. Dit verbod geldt vanaf het moment dat ik me meld voor het evenement tot de boot veilig is afgemeerd en de schipper de tocht heeft beëindigd.",
        "Als de schipper of het Team redelijkerwijs aanneemt dat ik dit onderdeel overtreed, kan mij de toegang tot de boot worden geweigerd of kan ik onmiddellijk van het evenement worden verwijderd, zo nodig door mij op de dichtstbijzijnde geschikte plaats aan wal te zetten. In dat geval heb ik geen recht op terugbetaling van de betaalde prijs, en komen eventuele extra kosten van mijn terugreis voor mijn eigen rekening.",
      ],
    },
    {
      id: "release",
      title: "6. Afstand van aansprakelijkheid en vrijwaring",
      paragraphs: [
        "Voor zover het Nederlandse recht dat toestaat, stel ik het Team, de vennootschap die eigenaar is van het jacht, de sponsors en leveranciers van het Team, de schipper, bemanning, medewerkers en vrijwilligers, en de organisatoren van elke wedstrijd of elk evenement waaraan het jacht deelneemt (samen: de \"Vrijgestelde Partijen\") vrij van alle aansprakelijkheid voor lichamelijk letsel, overlijden, ziekte en verlies van of schade aan eigendommen die ik kan lijden in verband met mijn deelname aan het evenement. Dit omvat het aan en van boord gaan, de tijd aan boord en alle activiteiten aan wal die deel uitmaken van het evenement.",
        "In dezelfde mate vrijwaar ik de Vrijgestelde Partijen voor alle aanspraken van derden, en voor de daaruit voortvloeiende schade en kosten (waaronder redelijke kosten van rechtsbijstand), die voortkomen uit mijn eigen handelen of nalaten, waaronder een schending van deze verklaring.",
        "Niets in deze verklaring sluit aansprakelijkheid uit of beperkt aansprakelijkheid voor schade die is veroorzaakt door opzet of bewuste roekeloosheid van een Vrijgestelde Partij of van haar leidinggevenden, of enige andere aansprakelijkheid die op grond van dwingend Nederlands recht niet kan worden uitgesloten of beperkt. Als een uitsluiting in dit onderdeel niet volledig is toegestaan, geldt zij in de grootst mogelijke mate die wel is toegestaan.",
        "Elk van de Vrijgestelde Partijen kan zich rechtstreeks op dit onderdeel beroepen, als derdenbeding in de zin van artikel 6:253 van het Burgerlijk Wetboek.",
      ],
    },
    {
      id: "media",
      title: "7. Toestemming voor foto's en video's",
      paragraphs: [
        "Ik begrijp dat tijdens het evenement foto's en video- en geluidsopnamen kunnen worden gemaakt door het Team, de bemanning, sponsors, wedstrijdorganisatoren en mediapartners, en dat ik daarop herkenbaar kan zijn.",
        "Ik geef het Team het royaltyvrije, wereldwijde en in tijd onbeperkte recht om deze opnamen te gebruiken, te verveelvoudigen, te bewerken en openbaar te maken voor promotionele, redactionele en commerciële doeleinden, in elk medium, waaronder de website en sociale-mediakanalen van het Team, persberichten, communicatie van sponsors, brochures en advertenties, en om ze voor dezelfde doeleinden te delen met sponsors en partners. Ik heb voor dit gebruik geen recht op een betaling of andere vergoeding.",
        "Als ik een redelijk belang heb om niet op een bepaalde opname te staan, kan ik dat aan het Team laten weten, en het Team houdt daar bij toekomstig gebruik zo veel als redelijkerwijs mogelijk rekening mee. Dit laat mijn rechten onder de Algemene verordening gegevensbescherming onverlet, zoals beschreven in het privacybeleid van het Team.",
      ],
    },
    {
      id: "changes",
      title: "8. Wijzigingen en overmacht",
      paragraphs: [
        "Zeilen is afhankelijk van het weer, de omstandigheden op zee en de staat van de boot. Het Team en de schipper mogen het programma, de route, de tijden, de duur en de haven van vertrek of aankomst van een evenement op elk moment wijzigen, of het evenement uitstellen of afgelasten, als zij dat nodig vinden voor de veiligheid of als omstandigheden buiten hun redelijke macht dat vereisen.",
        "Zulke omstandigheden (overmacht) zijn bijvoorbeeld ongunstige weers- of zeeomstandigheden, schade aan of uitval van de boot of de uitrusting, ziekte of letsel van de schipper of bemanning, besluiten van wedstrijdorganisatoren of van haven- of overheidsinstanties, stakingen, epidemieën, oorlog, terrorisme en het ontbreken van vervoer.",
        "Het Team is niet aansprakelijk voor kosten of verliezen die ik lijd als gevolg van zo'n wijziging, uitstel of afgelasting, waaronder kosten van reis, verblijf, visa en verzekeringen. Of de prijs van het evenement zelf (deels) wordt terugbetaald, wordt bepaald door de servicevoorwaarden en de voorwaarden die mij bij de boeking zijn meegedeeld.",
      ],
    },
    {
      id: "law",
      title: "9. Toepasselijk recht en bevoegde rechter",
      paragraphs: [
        "Op deze verklaring, en op elk geschil dat voortvloeit uit of verband houdt met deze verklaring of met mijn deelname aan het evenement, is uitsluitend Nederlands recht van toepassing.",
        "De bevoegde Nederlandse rechter is exclusief bevoegd om over zo'n geschil te oordelen, met de Rechtbank Den Haag als rechter in eerste aanleg. Als ik consument ben, verlies ik hierdoor niet de bescherming van dwingende bepalingen van het recht van het land waar ik woon, en ook niet een recht dat ik op grond van dwingend recht heb om een zaak voor te leggen aan de rechter van dat land.",
        "Als een bepaling van deze verklaring ongeldig of niet afdwingbaar blijkt, blijven de overige bepalingen volledig van kracht, en wordt de ongeldige bepaling vervangen door een geldige bepaling die het doel ervan zo dicht mogelijk benadert. De Engelse tekst is leidend; vertalingen zijn alleen bedoeld voor het gemak.",
      ],
    },
    {
      id: "age",
      title: "10. Bevestiging van leeftijd",
      paragraphs: [
        "Ik bevestig dat ik 18 jaar of ouder ben en dat de geboortedatum die ik bij mijn inschrijving heb opgegeven juist is.",
        "Is de deelnemer jonger dan 18 jaar, dan moet ook een ouder of wettelijk vertegenwoordiger deze verklaring accepteren, zowel namens de minderjarige als voor zichzelf, en bevestigt die daarmee dat hij of zij de inhoud aan de minderjarige heeft uitgelegd. De ouder of wettelijk vertegenwoordiger aanvaardt de verplichtingen uit deze verklaring, waaronder de vrijwaring in onderdeel 6, voor de deelname van de minderjarige. Het Team kan voor bepaalde evenementen een minimumleeftijd vaststellen en kan eisen dat een minderjarige aan boord wordt vergezeld door een ouder of wettelijk vertegenwoordiger.",
      ],
    },
  ],
};

/**
 * Privacy policy, in Dutch and English. Both languages have the same sections, with the same ids,
 * in the same order.
 *
 * Rendering notes:
 * - Paragraphs and items may contain the literal placeholder `{email}`; the page replaces it with
 *   the team's e-mail address (TEAM_EMAIL), ideally as a mailto: link.
 * - `items`, where present, is a bullet list rendered after the paragraphs of that section.
 * - `lastUpdated` is an ISO date (YYYY-MM-DD) for the page to format.
 *
 * This text describes what the site actually stores (see server/db/schema.server.ts) and the
 * retention periods below. If a feature, cookie, processor or retention job changes, update this
 * policy in both languages and change `lastUpdated`.
 */

export type PrivacyLocale = "nl" | "en";

export type PrivacySectionId =
  | "controller"
  | "registrations"
  | "crew-file"
  | "payments"
  | "manage"
  | "waitlist"
  | "interest"
  | "newsletter"
  | "contact"
  | "emails"
  | "photos"
  | "staff"
  | "logs"
  | "legal-bases"
  | "retention"
  | "recipients"
  | "transfers"
  | "embedded"
  | "cookies"
  | "rights"
  | "requests"
  | "security"
  | "changes";

export interface PrivacySection {
  id: PrivacySectionId;
  title: string;
  paragraphs: string[];
  items?: string[];
}

export interface PrivacyPolicy {
  title: string;
  lastUpdated: string;
  intro: string;
  sections: PrivacySection[];
}

const LAST_UPDATED = "2026-11-28";

const en: PrivacyPolicy = {
  title: "Privacy Policy",
  lastUpdated: LAST_UPDATED,
  intro:
    "We respect your privacy and handle your personal data with care. This policy explains which personal data we process through this website, why we do so, how long we keep it, with whom we share it and what your rights are. We only collect what we need, we do not sell your data, and we do not use tracking, advertising or analytics.",
  sections: [
    {
      id: "controller",
      title: "Who is responsible for your data",
      paragraphs: [
        "This website is operated by the ocean racing team based in Scheveningen, The Hague, the Netherlands (\"we\", \"us\" or \"the Team\"). We are the controller, within the meaning of the General Data Protection Regulation (GDPR), for the processing of personal data described in this policy.",
        "If you have any questions about this policy or about your personal data, or if you want to exercise your rights, please e-mail us at {email}.",
      ],
    },
    {
      id: "registrations",
      title: "Event registrations",
      paragraphs: [
        "When you register for an event, we ask for the details below. We use them to handle your registration and booking, to contact you about the event, to make the safety arrangements on board, to confirm that you are old enough to accept the waiver, and to be able to contact someone on your behalf in an emergency.",
      ],
      items: [
        "Your name, e-mail address and phone number.",
        "Your address (street, postal code, city and country).",
        "Your date of birth.",
        "The name and phone number of your emergency contact.",
        "Any comments you add to your registration.",
        "Your acceptance of the terms of service and the waiver, with the date and time of acceptance and the version of the waiver you accepted.",
        "Your language (Dutch or English), so that we can write to you in that language.",
        "The event you registered for, your booking reference, the price and the status of your booking.",
      ],
    },
    {
      id: "crew-file",
      title: "The crew file for offshore passages",
      paragraphs: [
        "For some events, above all offshore passages, the team asks more through your own page (and sometimes already on the registration form): for example your passport details for the crew list that port and border authorities require, a safety certificate, your sailing experience, your size for foul-weather gear, or a medical declaration. Each event says what it asks and by when. We use it to prepare the passage safely and to meet the organisers' and authorities' requirements.",
        "Health information (questions and files marked as health data) is only asked where safety on board requires it. You give it with your explicit consent (Article 9(2)(a) GDPR), by answering; you can withdraw it at any time by asking us to delete it, though we may then be unable to take you on that passage. Health information and passport details are stored encrypted. Health information is seen only by the skipper of your event and the team's administrators, and every time they open it is recorded.",
      ],
    },
    {
      id: "payments",
      title: "Payments",
      paragraphs: [
        "Online payments are handled by our payment provider Stripe. You enter your card or other payment details directly on Stripe's secure payment page; these details never pass through our servers and we never store them. We store only the amount and currency, the type of payment (deposit, full price or balance), the payment status and the references that Stripe gives us for the checkout and the payment. We use this to match payments to bookings, to handle refunds and to keep our accounts.",
        "Stripe processes payment data partly on our behalf and partly as an independent controller, for example to prevent fraud and to meet its own legal obligations. Stripe's privacy policy applies to that processing.",
      ],
    },
    {
      id: "manage",
      title: "Managing your booking",
      paragraphs: [
        "Every e-mail about your booking contains a personal link to a page where you can see your booking, the payments and refunds made and the balance still due, pay the balance, correct your phone number, address and emergency contact until the event starts, download the calendar file, and cancel under the event's cancellation policy. The link is personal and cannot be guessed; do not share it. Refunds go back through the payment provider to the account you paid from; we store the amount, the reason, the provider's refund reference and its status.",
        "Every change to a booking, a payment, a refund or a waiting-list entry is recorded in the booking's history: when, what changed (from what to what), who made the change (you, a named team member, the payment provider or the system) and why. We keep this history with the booking so that we can answer questions and account for every payment and refund.",
      ],
    },
    {
      id: "waitlist",
      title: "Waiting list",
      paragraphs: [
        "If an event is full and you join its waiting list, we store your name, e-mail address, phone number if you give one, the number of places you want, your message if you add one and your language. When places become free we e-mail the first person in line whose party fits an offer that holds those places for 48 hours; if the offer is not used, it lapses and the next person gets it.",
      ],
    },
    {
      id: "interest",
      title: "Event interest",
      paragraphs: [
        "If you register your interest in an event, we store your name, e-mail address, your message if you add one, the event concerned and your language. We use these details only to keep you informed about that event.",
      ],
    },
    {
      id: "newsletter",
      title: "Newsletter",
      paragraphs: [
        "If you subscribe to our newsletter, we store your name, e-mail address, language and the status of your subscription. We use double opt-in: you only receive the newsletter after you have confirmed your subscription through the link in the confirmation e-mail. Every newsletter contains a link with which you can unsubscribe at any time.",
      ],
    },
    {
      id: "contact",
      title: "Contact by e-mail",
      paragraphs: [
        "If you e-mail us, we use your e-mail address and the information in your message to answer your question and, where relevant, to handle your booking.",
      ],
    },
    {
      id: "emails",
      title: "E-mails sent by the site",
      paragraphs: [
        "The site sends e-mails about your registration, payment and event, and about your newsletter subscription. We keep a log of these e-mails, with the recipient, subject, content and delivery status, so that we can check that important messages have been delivered and answer questions about them.",
      ],
    },
    {
      id: "photos",
      title: "Photos and videos of events",
      paragraphs: [
        "During our events, photos and videos are made in which participants may be recognisable. We may publish them on this website and our other channels, as set out in the waiver. If you would rather not have a particular photo or video of you used, please let us know at {email}; we will take this into account and, where reasonably possible, remove it from this website.",
      ],
    },
    {
      id: "staff",
      title: "Staff accounts",
      paragraphs: [
        "Team members who manage this website log in with a personal account. For these accounts we store the name, e-mail address and a hashed password, and for each login session the IP address and browser type, to keep the accounts secure.",
      ],
    },
    {
      id: "logs",
      title: "Server logs",
      paragraphs: [
        "When you visit this website, our server automatically records technical data for each request, such as your IP address, the date and time, the page requested, the response status and your browser type. We use these logs only to keep the website secure and working properly, and to investigate errors and abuse. To protect the staff login against abuse, we also briefly keep counters of login attempts per IP address.",
      ],
    },
    {
      id: "legal-bases",
      title: "Legal bases",
      paragraphs: [
        "We do not use automated decision-making or profiling.",
        "We only process personal data when the GDPR provides a legal basis for it:",
      ],
      items: [
        "Performance of a contract (Article 6(1)(b) GDPR): handling your registration, booking and payment, and sending you the information you need for the event.",
        "Consent (Article 6(1)(a) GDPR): the newsletter, keeping you informed about an event you are interested in, and loading embedded videos. You can withdraw your consent at any time; this does not affect the lawfulness of processing before the withdrawal.",
        "Legitimate interest (Article 6(1)(f) GDPR): safety on board, including the emergency contact; answering your e-mails; the log of e-mails sent; keeping the website and staff accounts secure through server logs; and publishing photos and videos of our events. We have weighed these interests against your privacy.",
        "Explicit consent (Article 9(2)(a) GDPR): health information in the crew file of an offshore passage (see above).",
        "Legal obligation (Article 6(1)(c) GDPR): keeping our financial records, including booking and payment records, as required by Dutch tax law.",
      ],
    },
    {
      id: "retention",
      title: "How long we keep your data",
      paragraphs: [
        "We do not keep personal data longer than necessary for the purpose for which we collected it, or than the law requires:",
      ],
      items: [
        "Registrations, payment records, invoices and credit notes: seven years, because Dutch tax law requires us to keep our financial records for that period (fiscale bewaarplicht). An invoice names you as the buyer, with your address; it is not changed or deleted when you ask us to erase your other data.",
        "Your date of birth and emergency contact: deleted 12 months after the event.",
        "Health information in the crew file: deleted a set number of days after the event (30 unless the event says otherwise); the rest of the crew file (such as passport details and certificates): deleted 12 months after the event.",
        "Event interest: 24 months after you registered your interest.",
        "Waiting list: until 12 months after the event.",
        "The history of a booking: as long as the booking itself.",
        "Newsletter subscription: until you unsubscribe.",
        "Log of e-mails sent: 12 months.",
        "Server logs: 30 days.",
        "Staff accounts: for as long as the team member needs access to the website.",
        "E-mails you send us: for as long as needed to answer your question, or, if they concern a booking, as part of the records of that booking.",
      ],
    },
    {
      id: "recipients",
      title: "Who receives your data",
      paragraphs: [
        "We do not sell your personal data and we do not share it for advertising. We only disclose personal data to others if we are required to do so by law, or as described below.",
        "We use the following service providers and recipients. Where they act as our processor, they process personal data only on our instructions and under a data processing agreement.",
      ],
      items: [
        "Stripe (Stripe Payments Europe, Ltd., Ireland), for online payments; partly as an independent controller, as described above.",
        "Our e-mail provider, which delivers the e-mails sent by the site and hosts our mailbox.",
        "Our hosting provider, which runs this website and its database on servers in the European Union.",
        "Where an event requires it, race organisers, marinas or port and government authorities, for example for crew lists. We only share the details they need.",
      ],
    },
    {
      id: "transfers",
      title: "Transfers outside the European Union",
      paragraphs: [
        "We store your data in the European Union. Some providers, such as Stripe and, if you play an embedded video, Google (YouTube), may process data in the United States or in other countries outside the European Economic Area. Such transfers take place only with appropriate safeguards, such as the EU-US Data Privacy Framework or the standard contractual clauses of the European Commission.",
      ],
    },
    {
      id: "embedded",
      title: "Embedded content",
      paragraphs: [
        "Videos on this website are embedded in YouTube's privacy-enhanced mode, from the youtube-nocookie.com domain, and nothing is loaded from YouTube until you click a video. Only then does your browser connect to YouTube (Google), which receives your IP address and browser data and may store information on your device when you play the video. Google is responsible for that processing; its privacy policy applies.",
        "The map that shows the position of our boat is embedded from a third-party vessel-tracking service. When you view a page with this map, your browser loads it directly from that service, which receives your IP address and browser data and may use its own cookies. That service's privacy policy applies.",
      ],
    },
    {
      id: "cookies",
      title: "Cookies",
      paragraphs: [
        "We do not use tracking or advertising cookies, and we do not use analytics. Embedded content from third parties, as described above, may set its own cookies; we do not set or read those.",
        "This website itself uses only the functional cookies below, which are needed for the website to work. Because they are strictly necessary, the law does not require your consent for them.",
      ],
      items: [
        "lang: remembers your language choice (Dutch or English). Functional; kept for 1 year.",
        "access_<page>: set when you enter the access code for a private event page, so that the page stays unlocked. Functional; deleted when you close your browser.",
        "Admin session cookie: keeps staff logged in to the management section of the website. Set only for staff who log in. Functional; deleted when they log out or when the session expires.",
      ],
    },
    {
      id: "rights",
      title: "Your rights",
      paragraphs: [
        "Under the GDPR you have the following rights regarding your personal data:",
      ],
      items: [
        "Access: you can ask which personal data we hold about you and receive a copy.",
        "Rectification: you can ask us to correct or complete data that is wrong or incomplete.",
        "Erasure: you can ask us to delete your data, unless we are required to keep it, for example under tax law.",
        "Restriction: you can ask us to temporarily limit the use of your data, for example while we check a correction you asked for.",
        "Data portability: you can ask us to provide the data you gave us in a structured, commonly used, machine-readable format, or to send it to another party.",
        "Objection: you can object to processing based on our legitimate interest, and at any time to the use of your data for direct marketing.",
        "Withdrawal of consent: where we process data based on your consent, you can withdraw it at any time, for example by unsubscribing from the newsletter.",
      ],
    },
    {
      id: "requests",
      title: "Requests and complaints",
      paragraphs: [
        "To exercise your rights, e-mail us at {email}. We will respond within one month. We may ask you to confirm your identity before we act on your request.",
        "To see your data (access) or to have it erased, e-mail {email} from the address you used with us, or tell us that address. For access we send you, within one month, everything our website holds under that address: your registrations, payments and refunds, waiting-list places, interest sign-ups, newsletter subscription, the e-mails the site sent you and the history of your bookings, as a machine-readable file (JSON) and as a readable page.",
        "When we erase your data, we delete your waiting-list places, interest sign-ups, newsletter subscription and the log of e-mails to you, and remove your name, e-mail address, phone number, address, date of birth, emergency contact and comments from your bookings and their history. We keep only what Dutch tax law (fiscale bewaarplicht) requires us to keep for seven years: the booking reference, the event, the amounts, the payments and refunds with their dates and the payment provider's references, no longer linked to your name. A booking for an event that has not yet taken place has to be cancelled first. We record that an erasure took place, but not what was erased.",
        "If you are not satisfied with the way we handle your personal data, please let us know. You also have the right to lodge a complaint with the Dutch Data Protection Authority (Autoriteit Persoonsgegevens, autoriteitpersoonsgegevens.nl) or with the supervisory authority in the EU country where you live.",
      ],
    },
    {
      id: "security",
      title: "Security",
      paragraphs: [
        "We take appropriate technical and organisational measures to protect your personal data against loss and unauthorised access. If a data breach occurs that poses a risk to you, we will report it to the Autoriteit Persoonsgegevens and, where required, inform you.",
        "Our measures include:",
      ],
      items: [
        "An encrypted connection (HTTPS) for the whole website.",
        "Access to personal data only for team members who need it, through personal accounts with strong passwords that are stored hashed, and limits on login attempts.",
        "Private event pages protected with an access code.",
        "Card and other payment details handled only by Stripe, never by our servers.",
        "Hosting in the European Union, with service providers bound by data processing agreements.",
        "Keeping our software up to date.",
      ],
    },
    {
      id: "changes",
      title: "Changes to this policy",
      paragraphs: [
        "We may update this policy when our website or the way we process personal data changes. The date at the top of this page shows when it was last updated. If a change significantly affects you, we will let you know where appropriate, for example by e-mail.",
      ],
    },
  ],
};

const nl: PrivacyPolicy = {
  title: "Privacyverklaring",
  lastUpdated: LAST_UPDATED,
  intro:
    "We respecteren je privacy en gaan zorgvuldig om met je persoonsgegevens. In deze verklaring lees je welke persoonsgegevens we via deze website verwerken, waarom we dat doen, hoe lang we ze bewaren, met wie we ze delen en welke rechten je hebt. We verzamelen alleen wat we nodig hebben, we verkopen je gegevens niet en we gebruiken geen tracking, advertenties of analytics.",
  sections: [
    {
      id: "controller",
      title: "Wie is verantwoordelijk voor je gegevens",
      paragraphs: [
        "Deze website wordt beheerd door het oceaanraceteam uit Scheveningen, Den Haag (\"wij\", \"we\" of \"het Team\"). Wij zijn de verwerkingsverantwoordelijke in de zin van de Algemene verordening gegevensbescherming (AVG) voor de verwerking van persoonsgegevens die in deze verklaring staat beschreven.",
        "Heb je een vraag over deze verklaring of over je persoonsgegevens, of wil je je rechten uitoefenen? Mail ons dan op {email}.",
      ],
    },
    {
      id: "registrations",
      title: "Inschrijvingen voor evenementen",
      paragraphs: [
        "Als je je inschrijft voor een evenement, vragen we de gegevens hieronder. We gebruiken ze om je inschrijving en boeking af te handelen, om contact met je op te nemen over het evenement, om de veiligheid aan boord te regelen, om na te gaan of je oud genoeg bent om de afstandsverklaring te accepteren, en om in een noodgeval iemand namens jou te kunnen bereiken.",
      ],
      items: [
        "Je naam, e-mailadres en telefoonnummer.",
        "Je adres (straat, postcode, woonplaats en land).",
        "Je geboortedatum.",
        "De naam en het telefoonnummer van je contactpersoon voor noodgevallen.",
        "Eventuele opmerkingen die je bij je inschrijving toevoegt.",
        "Je akkoord met de servicevoorwaarden en de afstandsverklaring, met de datum en het tijdstip van je akkoord en de versie van de afstandsverklaring die je hebt geaccepteerd.",
        "Je taal (Nederlands of Engels), zodat we je in die taal kunnen schrijven.",
        "Het evenement waarvoor je je hebt ingeschreven, je boekingsreferentie, de prijs en de status van je boeking.",
      ],
    },
    {
      id: "crew-file",
      title: "Het bemanningsdossier voor offshore tochten",
      paragraphs: [
        "Voor sommige evenementen, vooral offshore tochten, vraagt het team meer via je eigen pagina (en soms al op het inschrijfformulier): bijvoorbeeld je paspoortgegevens voor de bemanningslijst die haven- en grensautoriteiten eisen, een veiligheidscertificaat, je zeilervaring, je maat voor zeilkleding of een medische verklaring. Per evenement staat wat er gevraagd wordt en wanneer het uiterlijk binnen moet zijn. We gebruiken het om de tocht veilig voor te bereiden en om aan de eisen van organisatoren en autoriteiten te voldoen.",
        "Gezondheidsgegevens (vragen en bestanden die als gezondheidsgegevens zijn gemarkeerd) vragen we alleen waar de veiligheid aan boord dat vereist. Je geeft ze met je uitdrukkelijke toestemming (artikel 9 lid 2 onder a AVG), door ze in te vullen; je kunt die toestemming altijd intrekken door ons te vragen ze te verwijderen, al kunnen we je dan mogelijk niet meenemen op die tocht. Gezondheidsgegevens en paspoortgegevens worden versleuteld bewaard. Gezondheidsgegevens zijn alleen te zien voor de schipper van je evenement en de beheerders van het team, en elke keer dat zij ze openen wordt vastgelegd.",
      ],
    },
    {
      id: "payments",
      title: "Betalingen",
      paragraphs: [
        "Online betalingen verlopen via onze betaalprovider Stripe. Je vult je kaart- of andere betaalgegevens rechtstreeks in op de beveiligde betaalpagina van Stripe; die gegevens komen nooit op onze servers en we slaan ze nooit op. We bewaren alleen het bedrag en de valuta, het soort betaling (aanbetaling, volledige prijs of restbedrag), de status van de betaling en de referenties die Stripe ons geeft voor de betaalsessie en de betaling. Die gebruiken we om betalingen aan boekingen te koppelen, om terugbetalingen af te handelen en voor onze boekhouding.",
        "Stripe verwerkt betaalgegevens deels in onze opdracht en deels als zelfstandige verwerkingsverantwoordelijke, bijvoorbeeld om fraude te voorkomen en om aan de eigen wettelijke verplichtingen te voldoen. Op die verwerking is het privacybeleid van Stripe van toepassing.",
      ],
    },
    {
      id: "manage",
      title: "Je boeking beheren",
      paragraphs: [
        "In elke e-mail over je boeking staat een persoonlijke link naar een pagina waar je je boeking ziet, met de betalingen en terugbetalingen en het restbedrag dat nog openstaat. Daar kun je het restbedrag betalen, je telefoonnummer, adres en contactpersoon voor noodgevallen corrigeren tot het evenement begint, het agendabestand downloaden en annuleren volgens de annuleringsvoorwaarden van het evenement. De link is persoonlijk en niet te raden; deel hem niet. Terugbetalingen gaan via de betaalprovider terug naar de rekening waarmee je betaalde; we bewaren het bedrag, de reden, de referentie van de provider en de status.",
        "Elke wijziging van een boeking, betaling, terugbetaling of plaats op de wachtlijst leggen we vast in de geschiedenis van de boeking: wanneer, wat er veranderde (van wat naar wat), wie de wijziging deed (jij, een teamlid met naam, de betaalprovider of het systeem) en waarom. Die geschiedenis bewaren we bij de boeking, zodat we vragen kunnen beantwoorden en elke betaling en terugbetaling kunnen verantwoorden.",
      ],
    },
    {
      id: "waitlist",
      title: "Wachtlijst",
      paragraphs: [
        "Als een evenement vol is en je je op de wachtlijst zet, bewaren we je naam, e-mailadres, je telefoonnummer als je dat opgeeft, het aantal plaatsen dat je wilt, je bericht als je dat toevoegt en je taal. Komen er plaatsen vrij, dan mailen we de eerste persoon op de lijst voor wie het aantal plaatsen past een aanbod dat die plaatsen 48 uur voor je vasthoudt; gebruik je het niet, dan vervalt het en krijgt de volgende het aanbod.",
      ],
    },
    {
      id: "interest",
      title: "Interesse in een evenement",
      paragraphs: [
        "Als je laat weten dat je interesse hebt in een evenement, bewaren we je naam, je e-mailadres, je bericht als je dat toevoegt, het evenement en je taal. We gebruiken deze gegevens alleen om je op de hoogte te houden van dat evenement.",
      ],
    },
    {
      id: "newsletter",
      title: "Nieuwsbrief",
      paragraphs: [
        "Als je je aanmeldt voor onze nieuwsbrief, bewaren we je naam, e-mailadres, taal en de status van je aanmelding. We werken met een dubbele bevestiging (double opt-in): je ontvangt de nieuwsbrief pas nadat je je aanmelding hebt bevestigd via de link in de bevestigingsmail. In elke nieuwsbrief staat een link waarmee je je op elk moment kunt afmelden.",
      ],
    },
    {
      id: "contact",
      title: "Contact per e-mail",
      paragraphs: [
        "Als je ons mailt, gebruiken we je e-mailadres en de informatie in je bericht om je vraag te beantwoorden en, waar dat van toepassing is, om je boeking af te handelen.",
      ],
    },
    {
      id: "emails",
      title: "E-mails die de website verstuurt",
      paragraphs: [
        "De website verstuurt e-mails over je inschrijving, je betaling en het evenement, en over je aanmelding voor de nieuwsbrief. We houden een logboek bij van deze e-mails, met de ontvanger, het onderwerp, de inhoud en de afleverstatus, zodat we kunnen nagaan of belangrijke berichten zijn aangekomen en vragen erover kunnen beantwoorden.",
      ],
    },
    {
      id: "photos",
      title: "Foto's en video's van evenementen",
      paragraphs: [
        "Tijdens onze evenementen worden foto's en video's gemaakt waarop deelnemers herkenbaar kunnen zijn. We kunnen die publiceren op deze website en onze andere kanalen, zoals beschreven in de afstandsverklaring. Heb je liever niet dat een bepaalde foto of video van jou wordt gebruikt, laat het ons dan weten via {email}; we houden daar rekening mee en verwijderen de opname van deze website waar dat redelijkerwijs mogelijk is.",
      ],
    },
    {
      id: "staff",
      title: "Accounts van teamleden",
      paragraphs: [
        "Teamleden die deze website beheren, loggen in met een persoonlijk account. Voor deze accounts bewaren we de naam, het e-mailadres en een wachtwoord dat alleen als hash wordt opgeslagen, en per inlogsessie het IP-adres en het type browser, om de accounts te beveiligen.",
      ],
    },
    {
      id: "logs",
      title: "Serverlogs",
      paragraphs: [
        "Als je deze website bezoekt, legt onze server bij elk verzoek automatisch technische gegevens vast, zoals je IP-adres, de datum en het tijdstip, de opgevraagde pagina, de antwoordstatus en je type browser. We gebruiken deze logs alleen om de website veilig en goed werkend te houden en om fouten en misbruik te onderzoeken. Om het inloggen door teamleden tegen misbruik te beschermen, houden we daarnaast kortstondig per IP-adres bij hoe vaak er is geprobeerd in te loggen.",
      ],
    },
    {
      id: "legal-bases",
      title: "Grondslagen",
      paragraphs: [
        "We gebruiken geen geautomatiseerde besluitvorming of profilering.",
        "We verwerken persoonsgegevens alleen als de AVG daar een grondslag voor biedt:",
      ],
      items: [
        "Uitvoering van een overeenkomst (artikel 6 lid 1 onder b AVG): het afhandelen van je inschrijving, boeking en betaling, en het sturen van de informatie die je nodig hebt voor het evenement.",
        "Toestemming (artikel 6 lid 1 onder a AVG): de nieuwsbrief, je op de hoogte houden van een evenement waarin je interesse hebt, en het laden van ingesloten video's. Je kunt je toestemming altijd intrekken; dat doet niets af aan de rechtmatigheid van de verwerking vóór de intrekking.",
        "Gerechtvaardigd belang (artikel 6 lid 1 onder f AVG): de veiligheid aan boord, waaronder de contactpersoon voor noodgevallen; het beantwoorden van je e-mails; het logboek van verstuurde e-mails; het beveiligen van de website en de accounts van teamleden met serverlogs; en het publiceren van foto's en video's van onze evenementen. We hebben deze belangen afgewogen tegen jouw privacy.",
        "Uitdrukkelijke toestemming (artikel 9 lid 2 onder a AVG): gezondheidsgegevens in het bemanningsdossier van een offshore tocht (zie hierboven).",
        "Wettelijke verplichting (artikel 6 lid 1 onder c AVG): het bijhouden van onze financiële administratie, waaronder boekings- en betalingsgegevens, zoals de Nederlandse belastingwetgeving voorschrijft.",
      ],
    },
    {
      id: "retention",
      title: "Hoe lang we je gegevens bewaren",
      paragraphs: [
        "We bewaren persoonsgegevens niet langer dan nodig is voor het doel waarvoor we ze hebben verzameld, of dan de wet voorschrijft:",
      ],
      items: [
        "Inschrijvingen, betalingsgegevens, facturen en creditnota's: zeven jaar, omdat de Nederlandse belastingwetgeving ons verplicht onze financiële administratie zo lang te bewaren (fiscale bewaarplicht). Een factuur noemt jou als koper, met je adres; die wordt niet gewijzigd of verwijderd als je ons vraagt je andere gegevens te wissen.",
        "Je geboortedatum en je contactpersoon voor noodgevallen: verwijderd 12 maanden na het evenement.",
        "Gezondheidsgegevens in het bemanningsdossier: verwijderd een vast aantal dagen na het evenement (30, tenzij het evenement anders vermeldt); de rest van het bemanningsdossier (zoals paspoortgegevens en certificaten): verwijderd 12 maanden na het evenement.",
        "Interesse in een evenement: 24 maanden nadat je je interesse hebt doorgegeven.",
        "Wachtlijst: tot 12 maanden na het evenement.",
        "De geschiedenis van een boeking: zo lang als de boeking zelf.",
        "Aanmelding voor de nieuwsbrief: tot je je afmeldt.",
        "Logboek van verstuurde e-mails: 12 maanden.",
        "Serverlogs: 30 dagen.",
        "Accounts van teamleden: zo lang het teamlid toegang tot de website nodig heeft.",
        "E-mails die je ons stuurt: zo lang als nodig is om je vraag te beantwoorden, of, als ze over een boeking gaan, als onderdeel van de administratie van die boeking.",
      ],
    },
    {
      id: "recipients",
      title: "Wie je gegevens ontvangt",
      paragraphs: [
        "We verkopen je persoonsgegevens niet en delen ze niet voor advertentiedoeleinden. We verstrekken persoonsgegevens alleen aan anderen als de wet ons daartoe verplicht, of zoals hieronder beschreven.",
        "We maken gebruik van de volgende dienstverleners en ontvangers. Als zij optreden als onze verwerker, verwerken ze persoonsgegevens alleen volgens onze instructies en op basis van een verwerkersovereenkomst.",
      ],
      items: [
        "Stripe (Stripe Payments Europe, Ltd., Ierland), voor online betalingen; deels als zelfstandige verwerkingsverantwoordelijke, zoals hierboven beschreven.",
        "Onze e-mailprovider, die de e-mails van de website aflevert en onze mailbox host.",
        "Onze hostingprovider, die deze website en de database draait op servers in de Europese Unie.",
        "Als een evenement dat vereist: wedstrijdorganisatoren, jachthavens of haven- en overheidsinstanties, bijvoorbeeld voor bemanningslijsten. We delen alleen de gegevens die zij nodig hebben.",
      ],
    },
    {
      id: "transfers",
      title: "Doorgifte buiten de Europese Unie",
      paragraphs: [
        "We slaan je gegevens op in de Europese Unie. Sommige dienstverleners, zoals Stripe en, als je een ingesloten video afspeelt, Google (YouTube), kunnen gegevens verwerken in de Verenigde Staten of in andere landen buiten de Europese Economische Ruimte. Zo'n doorgifte vindt alleen plaats met passende waarborgen, zoals het EU-VS-gegevensprivacykader (Data Privacy Framework) of de modelcontractbepalingen van de Europese Commissie.",
      ],
    },
    {
      id: "embedded",
      title: "Ingesloten inhoud",
      paragraphs: [
        "Video's op deze website zijn ingesloten in de privacyvriendelijke modus van YouTube, via het domein youtube-nocookie.com, en er wordt niets van YouTube geladen tot je op een video klikt. Pas dan maakt je browser verbinding met YouTube (Google), dat je IP-adres en browsergegevens ontvangt en bij het afspelen informatie op je apparaat kan opslaan. Google is verantwoordelijk voor die verwerking; het privacybeleid van Google is daarop van toepassing.",
        "De kaart met de positie van onze boot is ingesloten vanuit een trackingdienst van een derde partij. Als je een pagina met deze kaart bekijkt, laadt je browser de kaart rechtstreeks bij die dienst, die je IP-adres en browsergegevens ontvangt en eigen cookies kan gebruiken. Het privacybeleid van die dienst is daarop van toepassing.",
      ],
    },
    {
      id: "cookies",
      title: "Cookies",
      paragraphs: [
        "We gebruiken geen tracking- of advertentiecookies en geen analytics. Ingesloten inhoud van derden, zoals hierboven beschreven, kan eigen cookies plaatsen; die plaatsen of lezen wij niet.",
        "Deze website zelf gebruikt alleen de functionele cookies hieronder, die nodig zijn om de website te laten werken. Omdat ze strikt noodzakelijk zijn, is daar volgens de wet geen toestemming voor nodig.",
      ],
      items: [
        "lang: onthoudt je taalkeuze (Nederlands of Engels). Functioneel; 1 jaar bewaard.",
        "access_<pagina>: wordt geplaatst als je de toegangscode voor een besloten evenementpagina invoert, zodat de pagina ontgrendeld blijft. Functioneel; verdwijnt als je je browser sluit.",
        "Sessiecookie voor beheer: houdt teamleden ingelogd in het beheergedeelte van de website. Wordt alleen geplaatst bij teamleden die inloggen. Functioneel; verdwijnt bij uitloggen of als de sessie verloopt.",
      ],
    },
    {
      id: "rights",
      title: "Je rechten",
      paragraphs: [
        "Op grond van de AVG heb je de volgende rechten over je persoonsgegevens:",
      ],
      items: [
        "Inzage: je kunt vragen welke persoonsgegevens we van je hebben en een kopie ontvangen.",
        "Rectificatie: je kunt ons vragen onjuiste of onvolledige gegevens te corrigeren of aan te vullen.",
        "Verwijdering: je kunt ons vragen je gegevens te verwijderen, tenzij we ze moeten bewaren, bijvoorbeeld op grond van de belastingwetgeving.",
        "Beperking: je kunt ons vragen het gebruik van je gegevens tijdelijk te beperken, bijvoorbeeld terwijl we een gevraagde correctie controleren.",
        "Overdraagbaarheid: je kunt ons vragen de gegevens die je ons hebt gegeven in een gestructureerde, gangbare en machineleesbare vorm aan je te verstrekken of aan een andere partij door te sturen.",
        "Bezwaar: je kunt bezwaar maken tegen verwerking op basis van ons gerechtvaardigd belang, en altijd tegen het gebruik van je gegevens voor direct marketing.",
        "Intrekken van toestemming: als we gegevens verwerken op basis van je toestemming, kun je die altijd intrekken, bijvoorbeeld door je af te melden voor de nieuwsbrief.",
      ],
    },
    {
      id: "requests",
      title: "Verzoeken en klachten",
      paragraphs: [
        "Wil je een van je rechten uitoefenen? Mail ons dan op {email}. We reageren binnen een maand. We kunnen je vragen je identiteit te bevestigen voordat we je verzoek uitvoeren.",
        "Wil je je gegevens inzien of laten wissen? Mail dan naar {email} vanaf het adres dat je bij ons gebruikte, of noem dat adres. Bij inzage sturen we je binnen een maand alles wat onze website onder dat adres bewaart: je inschrijvingen, betalingen en terugbetalingen, plaatsen op de wachtlijst, interesse-aanmeldingen, je aanmelding voor de nieuwsbrief, de e-mails die de website je stuurde en de geschiedenis van je boekingen, als machineleesbaar bestand (JSON) en als leesbare pagina.",
        "Als we je gegevens wissen, verwijderen we je plaatsen op de wachtlijst, je interesse-aanmeldingen, je aanmelding voor de nieuwsbrief en het logboek van e-mails aan jou, en halen we je naam, e-mailadres, telefoonnummer, adres, geboortedatum, contactpersoon voor noodgevallen en opmerkingen uit je boekingen en hun geschiedenis. We bewaren alleen wat de fiscale bewaarplicht ons zeven jaar laat bewaren: de boekingsreferentie, het evenement, de bedragen, de betalingen en terugbetalingen met hun datums en de referenties van de betaalprovider, niet meer gekoppeld aan je naam. Een boeking voor een evenement dat nog moet plaatsvinden moet eerst worden geannuleerd. We leggen vast dát er gegevens zijn gewist, maar niet welke.",
        "Ben je niet tevreden over hoe we met je persoonsgegevens omgaan, laat het ons dan weten. Je hebt ook het recht om een klacht in te dienen bij de Autoriteit Persoonsgegevens (autoriteitpersoonsgegevens.nl) of bij de toezichthouder in het EU-land waar je woont.",
      ],
    },
    {
      id: "security",
      title: "Beveiliging",
      paragraphs: [
        "We nemen passende technische en organisatorische maatregelen om je persoonsgegevens te beschermen tegen verlies en onbevoegde toegang. Als er een datalek plaatsvindt dat een risico voor je oplevert, melden we dat bij de Autoriteit Persoonsgegevens en informeren we jou als dat nodig is.",
        "Onze maatregelen zijn onder meer:",
      ],
      items: [
        "Een versleutelde verbinding (HTTPS) voor de hele website.",
        "Toegang tot persoonsgegevens alleen voor teamleden die die nodig hebben, via persoonlijke accounts met sterke wachtwoorden die gehasht worden opgeslagen, en een limiet op het aantal inlogpogingen.",
        "Besloten evenementpagina's die met een toegangscode zijn beveiligd.",
        "Kaart- en andere betaalgegevens die alleen door Stripe worden verwerkt, nooit door onze servers.",
        "Hosting in de Europese Unie, bij dienstverleners die gebonden zijn aan een verwerkersovereenkomst.",
        "Het up-to-date houden van onze software.",
      ],
    },
    {
      id: "changes",
      title: "Wijzigingen in deze verklaring",
      paragraphs: [
        "We kunnen deze verklaring aanpassen als onze website of de manier waarop we persoonsgegevens verwerken verandert. De datum bovenaan deze pagina laat zien wanneer de verklaring voor het laatst is bijgewerkt. Heeft een wijziging grote gevolgen voor jou, dan laten we je dat waar passend weten, bijvoorbeeld per e-mail.",
      ],
    },
  ],
};

export const privacy: Record<PrivacyLocale, PrivacyPolicy> = { nl, en };

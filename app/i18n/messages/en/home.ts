// The home page. Keys prefixed "home.".
const home = {
  "home.meta.title": "Second in the 2023 round-the-world race | Ocean Racing Team",
  "home.hero.kicker": "2nd place · round-the-world race 2023",
  "home.hero.title": "Sail the oceans with us",
  "home.hero.subtitle":
    "Our 65 ft racing yacht took second place around the world. Now she takes you: corporate sailing days, the ARC across the Atlantic, a North Sea record attempt and summer evenings off Scheveningen.",
  "home.hero.story": "Our story",
  "home.hero.news": "Latest news",
  "home.hero.imageAlt": "Our 65 ft ocean racing yacht heeled over in a big ocean swell at dusk",
  "home.news.kicker": "From the boat",
  "home.news.title": "Latest news",
  "home.news.all": "All news",
  "home.news.empty": "No news yet. Check back soon.",
  "home.events.kicker": "Sail with us",
  "home.events.title": "Upcoming events",
  "home.events.text": "Races, trips, corporate days and trainings on board our ocean racer.",
  "home.events.all": "Full calendar",
  "home.events.empty": "No upcoming events at the moment. Subscribe to our newsletter to hear first.",
  "home.team.kicker": "About the team",
  "home.team.title": "Built to race the oceans",
  "home.team.text":
    "Founded in 2023 by Dutch offshore sailors, the team raced a 65 ft ocean racer around the world and finished second. From our base in Scheveningen we share that boat and that experience with everyone who wants to feel what ocean racing is.",
  "home.team.imageAlt": "Crew on deck grinding the winches",
  "home.facts.founded": "Founded",
  "home.facts.length": "Boat length",
  "home.facts.mast": "Mast height",
  "home.facts.speed": "Knots top speed",
  "home.contact.kicker": "Get in touch",
  "home.contact.title": "Contact",
  "home.contact.text": "Questions about an event, a corporate day or a partnership? Send us an e-mail; we answer within two working days.",
  "home.contact.location": "Home port",
};

export default home;

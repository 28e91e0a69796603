// Messages of the content area (about, videos, boat location, privacy, terms, waiver). Keys prefixed "content.".
const content = {
  // Shared by the content pages.
  "content.newTab": "(opens in a new tab)",
  "content.legal.toc": "Contents",
  "content.legal.lastUpdated": "Last updated",
  "content.legal.kicker": "Legal",

  // /about
  "content.about.meta.title": "About the team | Ocean Racing Team",
  "content.about.meta.description":
    "Founded in 2023, second in the round-the-world race, now sailing with you: the story of the Dutch ocean-racing team, our 65 ft racing yacht and what we do from Scheveningen.",
  "content.about.hero.kicker": "Our story",
  "content.about.hero.title": "From Scheveningen to second around the world",
  "content.about.hero.lead":
    "A group of Dutch offshore sailors, one 65 ft racing yacht and a single goal: to race the oceans at the highest level. Today we share that boat and that experience with everyone who wants to feel what ocean racing is.",
  "content.about.hero.imageAlt": "Our 65 ft racing yacht under full sail at sunset",
  "content.about.cta.calendar": "View the calendar",
  "content.about.cta.contact": "Contact us",
  "content.about.facts.title": "The boat in numbers",
  "content.about.facts.founded": "Founded",
  "content.about.facts.length": "Boat length",
  "content.about.facts.mast": "Mast height",
  "content.about.facts.speed": "Knots top speed",
  "content.about.story.kicker": "How it started",
  "content.about.story.title": "Founded in 2023",
  "content.about.story.p1":
    "The team was founded in 2023 by Dutch offshore sailors who had spent years crewing on other people's campaigns. They wanted a Dutch team that could take on the best in the world, with a boat built for speed and a crew trained to push her safely, day and night.",
  "content.about.story.imageAlt": "Scheveningen harbour at night, with the lighthouse and our yacht at the quay",
  "content.about.story.p2":
    "Scheveningen became our home port: close to the North Sea, close to the people who support us, and a place where we can train in every kind of weather. From the first day, the plan was bigger than a single race: build a team that lasts, and open the boat to others.",
  "content.about.race.kicker": "The race",
  "content.about.race.title": "Second around the world",
  "content.about.race.p1":
    "In the 2023 round-the-world race we sailed tens of thousands of nautical miles through the Atlantic, the Southern Ocean and the Pacific, against professional teams with bigger budgets and longer histories.",
  "content.about.race.p2":
    "Watch after watch, the crew kept the boat at full speed through storms, calms and ice-cold nights. We crossed the final finish line in second place overall: a result that put the team on the ocean-racing map.",
  "content.about.race.imageAlt": "Our yacht crossing the finish line at night, with fireworks over the harbour",
  "content.about.timeline.title": "The road to the podium",
  "content.about.timeline.founded.title": "The team is founded",
  "content.about.timeline.founded.text": "A Dutch crew, a 65 ft racing yacht and a home port in Scheveningen.",
  "content.about.timeline.preparation.title": "Preparation",
  "content.about.timeline.preparation.text": "Training miles on the North Sea, safety drills and a boat prepared for the open ocean.",
  "content.about.timeline.race.title": "Around the world",
  "content.about.timeline.race.text": "Leg after leg through the Atlantic, the Southern Ocean and the Pacific.",
  "content.about.timeline.finish.title": "Second place",
  "content.about.timeline.finish.text": "The team finishes second overall in the 2023 round-the-world race.",
  "content.about.boat.kicker": "The boat",
  "content.about.boat.title": "65 feet, built for the open ocean",
  "content.about.boat.text":
    "Our racing yacht was designed to sail fast and safely far from the coast. Her tall rig drives her to more than 33 knots, while a strong hull and proven safety equipment keep her crew secure in heavy weather. Between events she is maintained by our own shore team.",
  "content.about.boat.imageAlt": "Our yacht on her cradle in the boat yard, with the shore team at work",
  "content.about.boat.specs": "Specifications",
  "content.about.boat.spec.length": "Length",
  "content.about.boat.spec.lengthValue": "65 ft",
  "content.about.boat.spec.mast": "Mast height",
  "content.about.boat.spec.mastValue": "34 m",
  "content.about.boat.spec.speed": "Top speed",
  "content.about.boat.spec.speedValue": "33+ knots",
  "content.about.boat.spec.port": "Home port",
  "content.about.boat.spec.portValue": "Scheveningen, 3rd harbour",
  "content.about.now.kicker": "What we do now",
  "content.about.now.title": "The boat is yours to sail",
  "content.about.now.text":
    "After the race we opened the boat to companies, adventurers and everyone who loves the sea. Professional skippers and crew sail with you on every trip.",
  "content.about.now.corporate.title": "Corporate sailing days",
  "content.about.now.corporate.text":
    "A day on board as a team: every guest gets a job, from grinding to helming. A shared challenge your colleagues will talk about for years.",
  "content.about.now.corporate.imageAlt": "Our yacht sailing close-hauled on a bright day off the coast",
  "content.about.now.charters.title": "Race charters such as the ARC",
  "content.about.now.charters.text":
    "Join the crew for an ocean race, such as the ARC across the Atlantic from Las Palmas to the Caribbean. Real watches, real miles, real racing.",
  "content.about.now.charters.imageAlt": "Our yacht under spinnaker on the Atlantic Ocean",
  "content.about.now.record.title": "North Sea record attempt",
  "content.about.now.record.text":
    "We are preparing an attempt on a North Sea sailing record. Follow the preparations, or join the training sails that get us ready.",
  "content.about.now.record.imageAlt": "Our yacht heeled over in a grey North Sea storm",
  "content.about.now.evening.title": "Summer evening sails",
  "content.about.now.evening.text":
    "On summer evenings we sail from Scheveningen, 3rd harbour, into the sunset: see the boat up close, take the helm and meet the team.",
  "content.about.now.evening.imageAlt": "Our yacht sailing into the sunset off Scheveningen",
  "content.about.crew.kicker": "Crew and values",
  "content.about.crew.title": "One crew, one boat",
  "content.about.crew.text":
    "Our crew combines ocean racers, coaches and a shore team. What holds us together is how we sail: these are the values every guest meets on board.",
  "content.about.crew.imageAlt": "The crew working the winches together on deck",
  "content.about.values.safety.title": "Safety first",
  "content.about.values.safety.text": "A briefing before every sail, the right gear for everyone and a skipper who always has the final say.",
  "content.about.values.team.title": "Sail as a team",
  "content.about.values.team.text": "On a 65 ft yacht nobody sails alone. Everyone has a role, and every role matters.",
  "content.about.values.performance.title": "Race mindset",
  "content.about.values.performance.text": "We sail every mile as if it counts: well prepared, focused and always learning.",
  "content.about.values.share.title": "Share the ocean",
  "content.about.values.share.text": "The boat is not just for professionals. We want as many people as possible to feel what ocean racing is.",
  "content.about.ctaBand.title": "Ready to sail with us?",
  "content.about.ctaBand.text":
    "Find a sailing day, race or evening sail in the calendar, or e-mail us about a corporate day made for your team.",

  // /videos
  "content.videos.meta.title": "Videos | Ocean Racing Team",
  "content.videos.meta.description":
    "Watch the Ocean Racing Team on the water: the round-the-world race, training on the North Sea and corporate sailing days on our 65 ft racing yacht.",
  "content.videos.kicker": "On board",
  "content.videos.title": "Videos",
  "content.videos.lead": "See what racing a 65 ft ocean yacht looks like, from the Southern Ocean to a summer evening off Scheveningen.",
  "content.videos.featured": "Featured video",
  "content.videos.more": "More videos",
  "content.videos.play": "Play video: {title}",
  "content.videos.playerTitle": "{title} (YouTube video player)",
  "content.videos.consent":
    "The video is loaded from YouTube's privacy-enhanced domain (youtube-nocookie.com) only when you press play.",
  "content.videos.privacyLink": "Privacy policy",
  "content.videos.channel.title": "More on our channel",
  "content.videos.channel.text": "Race footage, on-board stories and behind the scenes: subscribe to follow the team.",
  "content.videos.channel.link": "Visit our YouTube channel",
  "content.videos.race.title": "Second around the world: our 2023 race",
  "content.videos.race.description":
    "From the start in Europe through the Southern Ocean to the final finish line: the story of our round-the-world race in a few minutes.",
  "content.videos.record.title": "Training for the North Sea record",
  "content.videos.record.description": "Heavy weather, short waves and full speed: how we prepare for the North Sea record attempt.",
  "content.videos.corporate.title": "A corporate sailing day on board",
  "content.videos.corporate.description": "One team, one boat: a day of grinding, trimming and helming off the Dutch coast.",

  // /waar-is-de-boot
  "content.boat.meta.title": "Where is the boat? | Ocean Racing Team",
  "content.boat.meta.description":
    "Follow our 65 ft racing yacht live on the map: her position from the AIS vessel-tracking network, at home in Scheveningen or at sea.",
  "content.boat.kicker": "Live position",
  "content.boat.lead":
    "Our yacht sends her position over AIS, the Automatic Identification System that ships use to see each other. The map below shows where she is now: at home in Scheveningen, 3rd harbour, out training on the North Sea, or on her way to the next race.",
  "content.boat.mapTitle": "Live map with the position of our racing yacht",
  "content.boat.openMap": "Open the map in a new tab",
  "content.boat.how.title": "How the tracking works",
  "content.boat.how.text":
    "AIS positions are received by stations along the coast. Far out at sea the boat can be out of their range, so the last known position may be a few hours old until she comes within reach again.",
  "content.boat.homePort.title": "Home port",
  "content.boat.homePort.text": "Scheveningen, 3rd harbour. She is moored here between events, and on summer evenings we sail from here.",
  "content.boat.mmsi": "MMSI",
  "content.boat.thirdParty":
    "The map is loaded from VesselFinder, an external vessel-tracking service, when you view this page.",
  "content.boat.visit.title": "Come and see her",
  "content.boat.visit.text": "Want to step on board? Find an evening sail, a sailing day or a race in the calendar.",
  "content.boat.visit.link": "View the calendar",

  // /privacy
  "content.privacy.meta.description":
    "Which personal data the Ocean Racing Team website stores, why, for how long, which cookies it uses and what your rights are.",

  // /servicevoorwaarden (shown in English only; the Dutch keys keep the message sets complete)
  "content.terms.meta.description":
    "Terms of service of the Ocean Racing Team: booking and payment, cancellation, the waiver and release for participants, and contact.",

  // The waiver, wherever it is shown.
  "content.waiver.version": "Waiver version {version}",
};

export default content;

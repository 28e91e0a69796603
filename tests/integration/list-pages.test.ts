// @engine both: /news and /calendar pages: ordering and paging written in SQL
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_LIST_PAGE } from "~/components/load-more";
import { calendarOrder, type EventView } from "~/lib/events";
import { loader as calendarLoader } from "~/routes/booking/calendar";
import { loader as newsLoader } from "~/routes/news/news";
import { publishedArticleSummaries } from "@server/articles/queries.server";
import { setNowForTests } from "@server/clock.server";
import { blogPosts, events, type NewEvent } from "@server/db/schema.server";
import { calendarCounts, calendarEvents } from "@server/events/queries.server";
import { toEventView } from "@server/events/view.server";
import { useTestDatabase } from "../support/db";
import { call, unwrap } from "./admin-articles-helpers";

/**
 * Growth (issue 13): /news and /calendar send a page of cards, not every row. `?page=N` (the
 * 'Load more' link, which works without JavaScript) renders the first N pages; the order holds
 * across pages, with no duplicates and no gaps.
 */
describe("/news and /calendar in pages", () => {
  const database = useTestDatabase();
  const NOW = new Date("2026-06-01T12:00:00Z");
  const DAY = 86_400_000;
  const at = (days: number, hours = 10) => new Date(NOW.getTime() + days * DAY + (hours - 12) * 3_600_000);

  type NewsData = { articles: { slug: string; date: string; content?: string; title: string }[]; hasMore: boolean; page: number };
  type CalendarData = {
    events: EventView[];
    selected: EventView | null;
    counts: Record<"all" | "upcoming" | "live" | "completed", number>;
    hasMore: boolean;
    page: number;
  };

  async function news(query = "", lang = "en"): Promise<NewsData> {
    const separator = query ? "&" : "?";
    return unwrap<NewsData>(await call(newsLoader, new Request(`http://localhost/news${query}${separator}lang=${lang}`))).data;
  }

  async function calendar(query = "", lang = "en"): Promise<{ status: number; data: CalendarData }> {
    const separator = query ? "&" : "?";
    return unwrap<CalendarData>(await call(calendarLoader, new Request(`http://localhost/calendar${query}${separator}lang=${lang}`)));
  }

  const slugs = (list: { slug: string }[]) => list.map((item) => item.slug);

  beforeAll(async () => {
    setNowForTests(NOW);
    const db = database.db();
    // 60 published articles (three share a date: the tie-break must keep pages apart) and 2 drafts.
    await db.insert(blogPosts).values(
      Array.from({ length: 62 }, (_, i) => ({
        slug: `artikel-${String(i).padStart(2, "0")}`,
        title: `Artikel ${i}`,
        titleEn: `Article ${i}`,
        description: `Over ${i}`,
        content: `## Verslag ${i}\n\n${"Lange tekst. ".repeat(200)}`,
        date: i < 3 ? at(-1) : at(-i),
        image: i % 2 === 0 ? "/images/atlantic-1280.webp" : null,
        published: i < 60,
      })),
    );
    // 60 listed events: finished, live and upcoming ones (by date and by stored status), some starting
    // at the same moment (the name decides); plus cancelled and unlisted ones that never show.
    const rows: NewEvent[] = [];
    for (let i = 0; i < 60; i++) {
      const base = { slug: `event-${String(i).padStart(2, "0")}`, name: `Evenement ${String(i).padStart(2, "0")}`, nameEn: `Event ${String(i).padStart(2, "0")}`, location: "Scheveningen" };
      if (i < 20) rows.push({ ...base, startDate: at(-10 - i * 3), endDate: at(-9 - i * 3) });
      else if (i < 23) rows.push({ ...base, status: "completed", startDate: at(5 + i), endDate: at(6 + i) });
      else if (i < 27) rows.push({ ...base, startDate: at(-1 - (i - 23)), endDate: at(3 + i) });
      else if (i < 29) rows.push({ ...base, status: "live", startDate: at(40 + i), endDate: at(41 + i) });
      else rows.push({ ...base, startDate: i < 35 ? at(30) : at(i), endDate: at(i + 2) });
    }
    rows.push({ slug: "cancelled", name: "Afgelast", startDate: at(10), endDate: at(11), status: "cancelled" });
    rows.push({ slug: "private", name: "Besloten", startDate: at(10), endDate: at(11), listed: false });
    await db.insert(events).values(rows);
  });

  describe("the news list, a page at a time", () => {
    it("sends the first 12 cards, without the articles' text, and says more follow", async () => {
      const first = await news();
      expect(first.articles).toHaveLength(12);
      expect(first.hasMore).toBe(true);
      expect(first.page).toBe(1);
      for (const article of first.articles) expect(article).not.toHaveProperty("content");
      expect(first.articles[0].title).toMatch(/^Article \d+$/);
      expect((await news("", "nl")).articles[0].title).toMatch(/^Artikel \d+$/);
    });

    it("?page=N renders the first N pages: newest first, no duplicates, no gaps, no drafts", async () => {
      const first = await news();
      const second = await news("?page=2");
      expect(second.articles).toHaveLength(24);
      expect(slugs(second.articles).slice(0, 12)).toEqual(slugs(first.articles));
      const all = await news("?page=5");
      expect(all.hasMore).toBe(false);
      expect(all.articles).toHaveLength(60);
      expect(new Set(slugs(all.articles)).size).toBe(60);
      expect(slugs(all.articles)).not.toContain("artikel-60");
      const dates = all.articles.map((a) => a.date);
      expect([...dates].sort().reverse()).toEqual(dates);
      // Page by page with an offset (how a client could append) gives the same list.
      const stepped: string[] = [];
      for (let offset = 0; offset < 60; offset += 12) {
        stepped.push(...slugs((await publishedArticleSummaries(database.db(), "en", { limit: 12, offset })).articles));
      }
      expect(stepped).toEqual(slugs(all.articles));
    });

    it("reads a missing, wrong or huge page number safely", async () => {
      expect((await news("?page=0")).articles).toHaveLength(12);
      expect((await news("?page=abc")).articles).toHaveLength(12);
      const capped = await news("?page=100000");
      expect(capped.page).toBe(MAX_LIST_PAGE);
      expect(capped.articles).toHaveLength(60);
    });
  });

  describe("the calendar, a page at a time", () => {
    async function everyListedEvent(locale: "en" | "nl" = "en"): Promise<EventView[]> {
      const rows = await database.db().select().from(events);
      return calendarOrder(rows.filter((e) => e.listed && e.status !== "cancelled").map((e) => toEventView(e, locale, NOW)));
    }

    it("counts every filter over all events but sends only the first 12, upcoming and live ones first", async () => {
      const { status, data } = await calendar();
      expect(status).toBe(200);
      expect(data.events).toHaveLength(12);
      expect(data.hasMore).toBe(true);
      expect(data.counts).toEqual({ all: 60, completed: 23, live: 6, upcoming: 31 });
      expect(data.events.every((e) => e.status !== "completed")).toBe(true);
    });

    it("keeps the calendar order across pages, in both languages, with no duplicates or gaps", async () => {
      for (const locale of ["en", "nl"] as const) {
        const expected = slugs(await everyListedEvent(locale));
        const pages: string[][] = [];
        for (let page = 1; page <= 5; page++) {
          const { data } = await calendar(page > 1 ? `?page=${page}` : "", locale);
          pages.push(slugs(data.events));
          expect(data.hasMore).toBe(page < 5);
        }
        for (let page = 1; page < 5; page++) expect(pages[page].slice(0, pages[page - 1].length)).toEqual(pages[page - 1]);
        expect(pages[4]).toEqual(expected);
        expect(new Set(pages[4]).size).toBe(60);
        expect(pages[4]).not.toContain("cancelled");
        expect(pages[4]).not.toContain("private");
      }
    });

    it("pages each filter by itself, in the same order", async () => {
      const all = await everyListedEvent();
      for (const filter of ["upcoming", "live", "completed"] as const) {
        const expected = slugs(all.filter((e) => e.status === filter));
        const first = (await calendar(`?filter=${filter}`)).data;
        expect(first.counts[filter]).toBe(expected.length);
        expect(slugs(first.events)).toEqual(expected.slice(0, 12));
        expect(first.hasMore).toBe(expected.length > 12);
        const longer = (await calendar(`?filter=${filter}&page=3`)).data;
        expect(slugs(longer.events)).toEqual(expected.slice(0, 36));
      }
    });

    it("an offset page across the end of the live and upcoming run continues with the finished ones", async () => {
      const db = database.db();
      const counts = await calendarCounts(db, NOW);
      const stepped: string[] = [];
      for (let offset = 0; offset < 60; offset += 7) {
        stepped.push(...slugs(await calendarEvents(db, NOW, "en", { filter: "all", limit: 7, offset, counts })));
      }
      expect(stepped).toEqual(slugs(await everyListedEvent()));
    });

    it("a shared link to an event further down the list still opens it; an unknown one is a 404 with the list", async () => {
      const last = (await everyListedEvent()).at(-1)!;
      const { status, data } = await calendar(`?event=${last.slug}`);
      expect(status).toBe(200);
      expect(data.events).toHaveLength(12);
      expect(data.selected?.slug).toBe(last.slug);
      const onFirstPage = data.events[3].slug;
      expect((await calendar(`?event=${onFirstPage}`)).data.selected).toBeNull();
      for (const slug of ["no-such-event", "private", "cancelled"]) {
        const missing = await calendar(`?event=${slug}`);
        expect(missing.status).toBe(404);
        expect(missing.data.selected).toBeNull();
        expect(missing.data.events).toHaveLength(12);
      }
    });
  });
});

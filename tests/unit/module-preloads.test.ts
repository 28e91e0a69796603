import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { modulePreloadsFromManifest, modulePreloadTags, readModulePreloads } from "@server/http/module-preloads.server";

// The shape Vite writes to build/client/.vite/manifest.json (decision 032): the shared chunk loads
// the public messages, the events chunk (imported by the calendar) the waiting list's and the
// private pages' areas, the news route its own area.
const manifest = {
  "app/entry.client.tsx": { file: "assets/entry.client-A.js", imports: ["_site-S.js"], isEntry: true },
  "_site-S.js": { file: "assets/site-S.js", dynamicImports: ["app/i18n/messages/en/index.ts", "app/i18n/messages/nl/index.ts", "_sonner-T.js"] },
  "_events-E.js": {
    file: "assets/events-E.js",
    imports: ["_site-S.js"],
    dynamicImports: ["app/i18n/messages/en/waitlist.ts", "app/i18n/messages/nl/waitlist.ts", "app/i18n/messages/en/private.ts", "app/i18n/messages/nl/private.ts"],
  },
  "app/routes/events/calendar.tsx": { file: "assets/calendar-C.js", imports: ["_site-S.js", "_events-E.js"], isEntry: true },
  "app/routes/news/news.tsx": { file: "assets/news-N.js", imports: ["_site-S.js"], dynamicImports: ["app/i18n/messages/en/news.ts", "app/i18n/messages/nl/news.ts"] },
  "app/routes/admin/dashboard.tsx": { file: "assets/dashboard-D.js", imports: ["_site-S.js"], dynamicImports: ["_chart-X.js"] },
  "_sonner-T.js": { file: "assets/sonner-T.js", imports: ["_site-S.js"] },
  "app/components/event-dialog-content.tsx": {
    file: "assets/event-dialog-content-V.js",
    imports: ["_site-S.js", "_events-E.js", "_dialog-R.js"],
    dynamicImports: ["app/i18n/messages/en/booking.ts", "app/i18n/messages/nl/booking.ts"],
    isDynamicEntry: true,
  },
  "_dialog-R.js": { file: "assets/dialog-R.js", imports: ["_site-S.js"] },
  "app/i18n/messages/en/booking.ts": { file: "assets/booking-EN.js", isDynamicEntry: true },
  "app/i18n/messages/nl/booking.ts": { file: "assets/booking-NL.js", isDynamicEntry: true },
  "_chart-X.js": { file: "assets/chart-X.js" },
  "app/i18n/messages/en/index.ts": { file: "assets/index-EN.js", isDynamicEntry: true },
  "app/i18n/messages/nl/index.ts": { file: "assets/index-NL.js", isDynamicEntry: true },
  "app/i18n/messages/en/waitlist.ts": { file: "assets/waitlist-EN.js", isDynamicEntry: true },
  "app/i18n/messages/nl/waitlist.ts": { file: "assets/waitlist-NL.js", isDynamicEntry: true },
  "app/i18n/messages/en/private.ts": { file: "assets/private-EN.js", isDynamicEntry: true },
  "app/i18n/messages/nl/private.ts": { file: "assets/private-NL.js", isDynamicEntry: true },
  "app/i18n/messages/en/news.ts": { file: "assets/news-EN.js", imports: ["_plural-P.js"], isDynamicEntry: true },
  "app/i18n/messages/nl/news.ts": { file: "assets/news-NL.js", isDynamicEntry: true },
  "_plural-P.js": { file: "assets/plural-P.js" },
};

describe("the message catalogs a page's modules wait for", () => {
  const preloads = modulePreloadsFromManifest(manifest);
  const chunks = (moduleFiles: string[], locale: string) => preloads({ moduleFiles, locale });

  it("are the catalogs of the page's language its modules (and what they import) load", () => {
    expect(chunks(["/assets/entry.client-A.js", "/assets/site-S.js"], "nl")).toEqual(["/assets/index-NL.js"]);
    // The calendar imports the events chunk, which waits for the waiting list's and the private pages' texts.
    expect(chunks(["/assets/entry.client-A.js", "/assets/calendar-C.js"], "nl").sort()).toEqual(["/assets/index-NL.js", "/assets/private-NL.js", "/assets/waitlist-NL.js"]);
    expect(chunks(["/assets/calendar-C.js"], "en").sort()).toEqual(["/assets/index-EN.js", "/assets/private-EN.js", "/assets/waitlist-EN.js"]);
    // A catalog's own imports come with it.
    expect(chunks(["/assets/news-N.js"], "en").sort()).toEqual(["/assets/index-EN.js", "/assets/news-EN.js", "/assets/plural-P.js"]);
  });

  it("never name a chunk that is not a catalog (lazy components stay lazy), nor a file twice, nor files the manifest does not know", () => {
    const files = chunks(["/assets/dashboard-D.js", "/assets/site-S.js", "/assets/entry.client-A.js", "/assets/unknown.js"], "en");
    expect(files).toEqual(["/assets/index-EN.js"]);
    expect(chunks([], "en")).toEqual([]);
    expect(chunks(["/assets/news-N.js"], "de")).toEqual([]);
  });

  it("are written as module preloads with the response's nonce, as React writes its own", () => {
    expect(modulePreloadTags(["/assets/index-NL.js", "/assets/news-NL.js"], "abc+/=")).toBe(
      '<link rel="modulepreload" href="/assets/index-NL.js" nonce="abc+/="/><link rel="modulepreload" href="/assets/news-NL.js" nonce="abc+/="/>',
    );
    expect(modulePreloadTags([], "abc")).toBe("");
  });

  it("come from the client build's .vite/manifest.json, and without one there are none", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "message-chunks-"));
    try {
      expect(readModulePreloads(dir)).toBeUndefined();
      expect(readModulePreloads(undefined)).toBeUndefined();
      fs.mkdirSync(path.join(dir, ".vite"));
      fs.writeFileSync(path.join(dir, ".vite", "manifest.json"), JSON.stringify(manifest));
      expect(readModulePreloads(dir)!({ moduleFiles: ["/assets/site-S.js"], locale: "en" })).toEqual(["/assets/index-EN.js"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the lazily loaded code a page's server render included", () => {
  const preloads = modulePreloadsFromManifest(manifest);
  const calendar = ["/assets/entry.client-A.js", "/assets/site-S.js", "/assets/calendar-C.js", "/assets/events-E.js"];

  it("is announced with what it imports that the page did not announce already, and its catalogs in the page's language", () => {
    const files = preloads({ moduleFiles: calendar, locale: "nl", lazySources: ["app/components/event-dialog-content.tsx"] });
    expect(files.sort()).toEqual(["/assets/booking-NL.js", "/assets/dialog-R.js", "/assets/event-dialog-content-V.js", "/assets/index-NL.js", "/assets/private-NL.js", "/assets/waitlist-NL.js"]);
    // Without it, the same page announces its catalogs only.
    expect(preloads({ moduleFiles: calendar, locale: "nl" }).sort()).toEqual(["/assets/index-NL.js", "/assets/private-NL.js", "/assets/waitlist-NL.js"]);
  });

  it("that the manifest does not know is left out (the page still works, a round trip later)", () => {
    expect(preloads({ moduleFiles: calendar, locale: "en", lazySources: ["app/components/renamed.tsx"] }).sort()).toEqual([
      "/assets/index-EN.js",
      "/assets/private-EN.js",
      "/assets/waitlist-EN.js",
    ]);
  });
});

/**
 * JavaScript on a first visit: each page opened in a fresh headless Chromium context (empty cache,
 * no cookies, a phone-sized viewport); every script response the page loads until the network is
 * quiet — module scripts, modulepreloads and imports triggered on load — counted once by URL.
 *
 * The figure is the gzip -9 size of each script's decoded body (what `gzip -9` makes of the file),
 * so it does not depend on how the server happens to compress; the bytes the browser actually
 * received (encoded body size) are kept in the JSON beside it.
 */
import { chromium, type Response } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { type Report } from "./lib/report";
import { gzip9, type SiteServer } from "./lib/server";

export const chromiumPath = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? "/usr/bin/chromium";

const PAGES: { path: string; unlock?: string; label?: string; target?: number }[] = [
  { path: "/", target: 130 },
  { path: "/news" },
  { path: "/calendar" },
  // A private page: first as a visitor from a newsletter link sees it (locked, the code form),
  // then unlocked with the demo code (the registration page itself, what a participant loads).
  { path: "/arc-registration", label: "/arc-registration (locked)" },
  { path: "/arc-registration", unlock: "arc2025", label: "/arc-registration (unlocked)" },
];

type Asset = { url: string; gzip9: number; raw: number; transferred: number };

export async function measureFirstVisitJs(report: Report, site: SiteServer): Promise<void> {
  const section = "JS first visit";
  if (!fs.existsSync(chromiumPath)) {
    for (const page of PAGES) report.missing(section, `${page.label ?? page.path} JS (gzip -9)`, "KB", `no Chromium at ${chromiumPath}`, page.target ? { op: "<=", value: page.target } : undefined);
    return;
  }
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  try {
    for (const page of PAGES) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
        locale: "nl-NL",
      });
      try {
        if (page.unlock) {
          const answer = await context.request.post(`${site.url}${page.path}`, {
            form: { code: page.unlock },
            headers: { origin: site.url },
            maxRedirects: 0,
          });
          if (answer.status() !== 303) throw new Error(`unlocking ${page.path} answered ${answer.status()}`);
        }
        const tab = await context.newPage();
        const pending: Promise<Asset | undefined>[] = [];
        const css: Promise<number>[] = [];
        tab.on("response", (response) => {
          const type = response.request().resourceType();
          const pathname = new URL(response.url()).pathname;
          if (type === "script" || /\.m?js$/.test(pathname)) pending.push(asset(response));
          else if (type === "stylesheet") css.push(response.body().then(gzip9, () => 0));
        });
        const document = await tab.goto(`${site.url}${page.path}`, { waitUntil: "load" });
        await tab.waitForLoadState("networkidle");
        // Imports started by effects after hydration (idle callbacks, timers) get a moment more.
        await tab.waitForTimeout(1000);
        await tab.waitForLoadState("networkidle");
        const html = document ? gzip9(await document.body()) : 0;
        const byUrl = new Map<string, Asset>();
        for (const a of await Promise.all(pending)) if (a) byUrl.set(a.url, a);
        const assets = [...byUrl.values()].sort((a, b) => b.gzip9 - a.gzip9);
        const js = assets.reduce((sum, a) => sum + a.gzip9, 0);
        const transferred = assets.reduce((sum, a) => sum + a.transferred, 0);
        const cssBytes = (await Promise.all(css)).reduce((a, b) => a + b, 0);
        const label = page.label ?? page.path;
        report.add({
          section,
          measure: `${label} JS (gzip -9)`,
          figure: js / 1024,
          unit: "KB",
          target: page.target ? { op: "<=", value: page.target } : undefined,
          note: `${assets.length} scripts; ${(transferred / 1024).toFixed(1)} KB as sent; HTML ${(html / 1024).toFixed(1)} KB, CSS ${(cssBytes / 1024).toFixed(1)} KB gzip`,
          detail: {
            jsGzip9Bytes: js,
            jsTransferredBytes: transferred,
            htmlGzip9Bytes: html,
            cssGzip9Bytes: cssBytes,
            scripts: assets.map((a) => ({ path: new URL(a.url).pathname, gzip9: a.gzip9, raw: a.raw, transferred: a.transferred })),
          },
        });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

async function asset(response: Response): Promise<Asset | undefined> {
  try {
    const body = await response.body();
    const sizes = await response.request().sizes();
    return { url: response.url(), gzip9: gzip9(body), raw: body.byteLength, transferred: sizes.responseBodySize };
  } catch {
    // A redirect or an aborted request has no body.
    return undefined;
  }
}

/** The image files the bench used to print (hero sizes), for reference. */
export function imageRows(report: Report): void {
  const dir = "public/images";
  for (const file of ["hero-1920.webp", "hero-1920.avif", "hero-640.avif"]) {
    const full = path.join(dir, file);
    if (fs.existsSync(full)) report.add({ section: "Images", measure: file, figure: fs.statSync(full).size / 1024, unit: "KB" });
  }
}

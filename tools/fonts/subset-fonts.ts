/**
 * The site's three font files, cut down to what Dutch and English pages show (issue 13: fonts on
 * every first visit were 94 KB of the bytes before the largest paint). Writes app/fonts/*.woff2
 * and app/fonts/latin-subset.css, whose @font-face rules come after @fontsource's in app.css and
 * so are checked first for the characters they cover; any other character still falls through
 * to @fontsource's full files (downloaded only when a page shows one).
 *
 *   npx tsx tools/fonts/subset-fonts.ts
 *
 * Deterministic for one version of the fonts and of subset-font; run again after updating
 * @fontsource/barlow-condensed or @fontsource-variable/inter.
 */
import fs from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

const root = path.resolve(import.meta.dirname, "../..");
const outDir = path.join(root, "app", "fonts");

/** Latin-1 (every Western European letter) and the punctuation Dutch and English typesetting uses. */
const CODE_POINTS = [
  ...range(0x20, 0x7e),
  ...range(0xa0, 0xff),
  ...[..."‘’‚“”„–—…•‹›€™−"].map((c) => c.codePointAt(0)!),
].sort((a, b) => a - b);

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** `U+20-7E,U+A0-FF,…`: runs of consecutive code points. */
function unicodeRange(points: number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < points.length; ) {
    let j = i;
    while (j + 1 < points.length && points[j + 1] === points[j] + 1) j++;
    const hex = (n: number) => n.toString(16).toUpperCase();
    runs.push(i === j ? `U+${hex(points[i])}` : `U+${hex(points[i])}-${hex(points[j])}`);
    i = j + 1;
  }
  return runs.join(",");
}

type Face = { family: string; source: string; out: string; weight: string; variable?: { min: number; max: number } };

const FACES: Face[] = [
  // Only 400–700 are used (font-normal … font-bold): the variable axis is cut to that range. The
  // face still declares @fontsource's 100–900, so the browser groups it with @fontsource's faces
  // (same descriptors) and picks it by unicode-range alone.
  {
    family: "Inter Variable",
    source: "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    out: "inter-latin-subset-wght.woff2",
    weight: "100 900",
    variable: { min: 400, max: 700 },
  },
  { family: "Barlow Condensed", source: "@fontsource/barlow-condensed/files/barlow-condensed-latin-600-normal.woff2", out: "barlow-condensed-latin-subset-600.woff2", weight: "600" },
  { family: "Barlow Condensed", source: "@fontsource/barlow-condensed/files/barlow-condensed-latin-700-normal.woff2", out: "barlow-condensed-latin-subset-700.woff2", weight: "700" },
];

/**
 * The OpenType features a browser applies by itself to Latin text, plus `tnum` (Tailwind's
 * tabular-nums, on prices and dates). The site never asks for any other (no font-feature-settings),
 * and keeping them all pulled in their alternate glyphs: Inter's stylistic sets, fractions,
 * superiors and small figures (2.3 KB here).
 */
const FEATURES = ["ccmp", "locl", "rlig", "rvrn", "calt", "liga", "clig", "kern", "mark", "mkmk", "tnum"];

const text = String.fromCodePoint(...CODE_POINTS);
const rules: string[] = [];
fs.mkdirSync(outDir, { recursive: true });
for (const face of FACES) {
  const original = fs.readFileSync(path.join(root, "node_modules", face.source));
  const subset = await subsetFont(original, text, {
    targetFormat: "woff2",
    keepFeatures: FEATURES,
    // Barlow's TrueType hinting is 40 % of its bytes (8 KB a weight) and changes nothing where the
    // site is read: iOS, Android and macOS ignore hints, Chromium on Linux and DirectWrite on
    // Windows render headings this size with their own light hinting (Google Fonts serves the
    // same fonts unhinted to all but old Windows). Inter's variable file has none to drop.
    noHinting: true,
    ...(face.variable ? { variationAxes: { wght: face.variable } } : {}),
  });
  fs.writeFileSync(path.join(outDir, face.out), subset);
  console.log(`${face.out}: ${original.length} → ${subset.length} bytes`);
  rules.push(`@font-face {
  font-family: "${face.family}";
  font-style: normal;
  font-display: swap;
  font-weight: ${face.weight};
  src: url("./${face.out}") format("woff2");
  unicode-range: ${unicodeRange(CODE_POINTS)};
}`);
}
fs.writeFileSync(
  path.join(outDir, "latin-subset.css"),
  `/* Written by tools/fonts/subset-fonts.ts: do not edit. Declared after @fontsource's faces, so checked first for these characters. */\n${rules.join("\n\n")}\n`,
);

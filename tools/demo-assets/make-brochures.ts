/**
 * Writes the two brochure PDFs the seeded events link to (public/documents/). A tiny PDF writer:
 * A4 pages with a navy title band, text in the standard Helvetica fonts (WinAnsi, so Dutch
 * accents print), bullets and a footer. Run: npx tsx tools/demo-assets/make-brochures.ts
 */
import fs from "node:fs";
import path from "node:path";

const PAGE = { width: 595, height: 842, margin: 56 };
const NAVY = "0.043 0.122 0.2";
const SIGNAL = "0.949 0.42 0.22";
const INK = "0.1 0.15 0.2";
const MUTED = "0.32 0.4 0.48";

type Block =
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "bullets"; items: string[] }
  | { kind: "facts"; rows: [string, string][] };

type Page = { title: string; subtitle: string; blocks: Block[] };

/** PDF string literal in WinAnsi: latin-1 bytes, with the three special characters escaped. */
function pdfText(text: string): string {
  const latin = text.replace(/[–—]/g, "-").replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/→/g, "-").replace(/€/g, "EUR ");
  return `(${latin.replace(/\\/g, "\\\\").replace(/\(/g, "\\(").replace(/\)/g, "\\)")})`;
}

/** Greedy word wrap with a Helvetica width estimate (average glyph ~0.5 em; a little wider for safety). */
function wrap(text: string, size: number, width: number): string[] {
  const perLine = Math.floor(width / (size * 0.5));
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && (line + " " + word).length > perLine) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function pageContent(page: Page, pageNumber: number, pageCount: number, footer: string): string {
  const ops: string[] = [];
  const textWidth = PAGE.width - 2 * PAGE.margin;
  const text = (font: "F1" | "F2", size: number, x: number, y: number, value: string, color = INK) =>
    ops.push(`BT ${color} rg /${font} ${size} Tf ${x} ${y} Td ${pdfText(value)} Tj ET`);

  // Title band with an orange accent line.
  ops.push(`${NAVY} rg 0 ${PAGE.height - 170} ${PAGE.width} 170 re f`);
  ops.push(`${SIGNAL} rg ${PAGE.margin} ${PAGE.height - 178} 80 4 re f`);
  text("F2", 10, PAGE.margin, PAGE.height - 60, "OCEAN RACING TEAM", SIGNAL);
  let y = PAGE.height - 100;
  for (const line of wrap(page.title.toUpperCase(), 26, textWidth)) {
    text("F2", 26, PAGE.margin, y, line, "1 1 1");
    y -= 30;
  }
  text("F1", 12, PAGE.margin, PAGE.height - 155, page.subtitle, "0.75 0.86 0.97");

  y = PAGE.height - 215;
  for (const block of page.blocks) {
    if (block.kind === "heading") {
      y -= 6;
      text("F2", 14, PAGE.margin, y, block.text.toUpperCase(), NAVY);
      y -= 22;
    } else if (block.kind === "paragraph") {
      for (const line of wrap(block.text, 11, textWidth)) {
        text("F1", 11, PAGE.margin, y, line);
        y -= 16;
      }
      y -= 8;
    } else if (block.kind === "bullets") {
      for (const item of block.items) {
        ops.push(`${SIGNAL} rg ${PAGE.margin + 2} ${y + 3} 4 4 re f`);
        for (const [i, line] of wrap(item, 11, textWidth - 16).entries()) {
          text("F1", 11, PAGE.margin + 16, y, line);
          y -= i === 0 ? 16 : 16;
        }
      }
      y -= 8;
    } else {
      for (const [label, value] of block.rows) {
        text("F2", 11, PAGE.margin, y, label, MUTED);
        for (const line of wrap(value, 11, textWidth - 150)) {
          text("F1", 11, PAGE.margin + 150, y, line);
          y -= 16;
        }
        ops.push(`0.85 0.89 0.93 RG 0.5 w ${PAGE.margin} ${y + 8} m ${PAGE.width - PAGE.margin} ${y + 8} l S`);
        y -= 6;
      }
      y -= 10;
    }
  }
  ops.push(`0.85 0.89 0.93 RG 0.5 w ${PAGE.margin} 52 m ${PAGE.width - PAGE.margin} 52 l S`);
  text("F1", 9, PAGE.margin, 36, footer, MUTED);
  text("F1", 9, PAGE.width - PAGE.margin - 30, 36, `${pageNumber} / ${pageCount}`, MUTED);
  return ops.join("\n");
}

/** A complete PDF 1.4 file: catalog, page tree, two standard fonts, one content stream per page. */
export function makePdf(pages: Page[], info: { title: string; footer: string }): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) && objects.length;
  const catalog = add("");
  const pageTree = add("");
  const regular = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const bold = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  const pageIds: number[] = [];
  pages.forEach((page, i) => {
    const content = pageContent(page, i + 1, pages.length, info.footer);
    const stream = add(`<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`);
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Contents ${stream} 0 R /Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> >>`,
      ),
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pageTree} 0 R >>`;
  objects[pageTree - 1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`;
  const infoId = add(`<< /Title ${pdfText(info.title)} /Author (Ocean Racing Team) /Producer (tools/demo-assets/make-brochures.ts) >>`);

  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

const CONTACT = "info@oceanracing.nl";

const arc: Page[] = [
  {
    title: "ARC 2025 - Across the Atlantic",
    subtitle: "Las Palmas de Gran Canaria - Rodney Bay, Saint Lucia  |  November - December 2025",
    blocks: [
      {
        kind: "paragraph",
        text: "Cross the Atlantic with us in the Atlantic Rally for Cruisers. From Las Palmas de Gran Canaria you sail to Rodney Bay, Saint Lucia, in about three weeks as a full crew member of our 65 ft ocean racer. You stand watches, helm and learn offshore sailing from the crew that finished second in the 2023 round-the-world race.",
      },
      {
        kind: "facts",
        rows: [
          ["Departure", "23 November 2025, Las Palmas de Gran Canaria"],
          ["Arrival", "Mid December 2025, Rodney Bay, Saint Lucia"],
          ["Distance", "About 2,700 nautical miles, roughly three weeks at sea"],
          ["Boat", "65 ft ocean racer, 34 m mast, top speed 33+ knots"],
          ["Price", "EUR 4,950 per person; 10% early-bird discount until 1 September 2025"],
          ["Crew places", "At most 10 guest crew, with a professional skipper and the regular crew"],
        ],
      },
      { kind: "heading", text: "What's included" },
      {
        kind: "bullets",
        items: [
          "A crew place for the whole crossing",
          "All meals and drinking water on board",
          "Offshore foul-weather gear and a life jacket with AIS beacon",
          "Safety training and briefing in Las Palmas",
          "The ARC programme in Las Palmas and the welcome party in Rodney Bay",
          "A professional skipper and the regular crew",
        ],
      },
    ],
  },
  {
    title: "Life on board",
    subtitle: "Watches, safety and what to bring",
    blocks: [
      { kind: "heading", text: "Watches" },
      {
        kind: "paragraph",
        text: "The crew sails in watches of four hours on and four hours off, day and night. Every watch has an experienced watch leader. You helm, trim, navigate and cook in turns; no previous offshore experience is needed, but you should be fit and not prone to serious seasickness.",
      },
      { kind: "heading", text: "Safety" },
      {
        kind: "bullets",
        items: [
          "The boat meets the World Sailing Offshore Special Regulations for ocean crossings",
          "Life raft, satellite communication, AIS and a full medical kit on board",
          "Man-overboard and safety drills before departure",
          "Daily weather routing from a professional router ashore",
        ],
      },
      { kind: "heading", text: "What to bring" },
      {
        kind: "bullets",
        items: [
          "Personal clothing in a soft bag (no suitcases), sun protection and a hat",
          "Travel, medical and third-party liability insurance (see the terms)",
          "A valid passport and your return flight from Saint Lucia",
        ],
      },
      { kind: "heading", text: "Registration" },
      {
        kind: "paragraph",
        text: `Online registration is closed, but a few spots are still available. E-mail ${CONTACT} and we will get back to you. Full refund until 30 days before departure.`,
      },
    ],
  },
];

const cascais: Page[] = [
  {
    title: "Scheveningen - Cascais",
    subtitle: "Offshore overtocht naar Portugal  |  ongeveer 1.200 zeemijl",
    blocks: [
      {
        kind: "paragraph",
        text: "Een offshore overtocht van Scheveningen naar Cascais in Portugal: door het Kanaal, over de Golf van Biskaje en langs de Spaanse kust. Ongeveer 1.200 zeemijl met wachten dag en nacht, de ideale voorbereiding op een oceaanoversteek.",
      },
      {
        kind: "facts",
        rows: [
          ["Vertrek", "Scheveningen, 3e haven (datum op de privépagina)"],
          ["Aankomst", "Cascais, Portugal, na ongeveer negen dagen"],
          ["Afstand", "Ongeveer 1.200 zeemijl"],
          ["Boot", "65 voet oceaanracer, mast 34 meter, topsnelheid 33+ knopen"],
          ["Prijs", "EUR 2.450 per persoon"],
          ["Plaatsen", "Maximaal 8 deelnemers, met professionele schipper en vaste bemanning"],
        ],
      },
      { kind: "heading", text: "Inbegrepen" },
      {
        kind: "bullets",
        items: [
          "Plaats als bemanningslid voor de volledige overtocht",
          "Alle maaltijden en drinkwater aan boord",
          "Offshore zeilkleding en reddingsvest met AIS-baken",
          "Veiligheidstraining voor vertrek",
          "Professionele schipper en vaste bemanning",
        ],
      },
    ],
  },
  {
    title: "Aan boord",
    subtitle: "Wachten, veiligheid en wat je meeneemt",
    blocks: [
      { kind: "heading", text: "Wachten" },
      {
        kind: "paragraph",
        text: "We varen in wachten van vier uur op en vier uur af, dag en nacht. Elke wacht heeft een ervaren wachtleider. Je staat aan het roer, trimt de zeilen, navigeert en kookt om de beurt. Offshore-ervaring is niet nodig, een goede conditie wel.",
      },
      { kind: "heading", text: "Veiligheid" },
      {
        kind: "bullets",
        items: [
          "De boot voldoet aan de Offshore Special Regulations van World Sailing",
          "Reddingsvlot, satellietcommunicatie, AIS en een volledige EHBO-uitrusting aan boord",
          "Man-over-boord- en veiligheidsoefeningen voor vertrek",
        ],
      },
      { kind: "heading", text: "Meenemen" },
      {
        kind: "bullets",
        items: [
          "Persoonlijke kleding in een zachte tas, zonnebrand en een pet",
          "Reis-, ziektekosten- en aansprakelijkheidsverzekering (zie de voorwaarden)",
          "Een geldig paspoort of ID-kaart en je terugreis vanuit Lissabon",
        ],
      },
      { kind: "heading", text: "Inschrijving" },
      {
        kind: "paragraph",
        text: `De inschrijving is gesloten; dit evenement is momenteel vol. Interesse in de wachtlijst? Mail naar ${CONTACT}.`,
      },
    ],
  },
];

const outDir = path.resolve("public/documents");
fs.mkdirSync(outDir, { recursive: true });
const files: [string, Page[], string][] = [
  ["arc-2025-brochure.pdf", arc, "ARC 2025 Brochure"],
  ["scheveningen-cascais-brochure.pdf", cascais, "Scheveningen - Cascais Brochure"],
];
for (const [name, pages, title] of files) {
  const pdf = makePdf(pages, { title, footer: `Ocean Racing Team  |  Scheveningen, 3e haven  |  ${CONTACT}` });
  fs.writeFileSync(path.join(outDir, name), pdf);
  console.log(`public/documents/${name}: ${pdf.length} bytes, ${pages.length} pages`);
}

/**
 * CSV for Dutch Excel: UTF-8 with a byte-order mark (without it Excel reads the bytes as
 * Windows-1252 and mangles ë, ü, Æ), ";" between cells (Dutch Excel's list separator, since
 * "," is the decimal sign), CRLF line ends, and RFC 4180 quoting.
 */
export const CSV_BOM = "\uFEFF";
export const CSV_SEPARATOR = ";";

export type CsvCell = string | number | boolean | null | undefined;

/**
 * One cell. A text that a spreadsheet would read as a formula (starting with = + - @, or a tab
 * or carriage return before one) gets a leading apostrophe, so an exported name like
 * "=HYPERLINK(...)" stays text (CSV injection).
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "string" ? value : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n,]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: BOM, header row, data rows, each line ending in CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(CSV_SEPARATOR));
  return `${CSV_BOM}${lines.join("\r\n")}\r\n`;
}

/** The response for a CSV download: attachment, never cached, never sniffed. */
export function csvResponse(csv: string, fileName: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

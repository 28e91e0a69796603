/**
 * The bench's result rows: one figure each, with its target (if it has one) and whether it is met.
 * Printed as one table and written as JSON.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type Target = { op: "<=" | ">="; value: number };

export type Row = {
  section: string;
  measure: string;
  /** null: not measured (see note). */
  figure: number | null;
  unit: string;
  target?: Target;
  /** true/false against the target; null when there is no target or no figure. */
  pass: boolean | null;
  note?: string;
  /** Extra figures (runs, sub-measures) kept in the JSON only. */
  detail?: unknown;
};

export class Report {
  readonly rows: Row[] = [];
  readonly startedAt = new Date();
  readonly loadBefore = os.loadavg();
  loadAfter: number[] = [];
  readonly context: Record<string, unknown> = {};

  add(row: Omit<Row, "pass">): Row {
    const pass = row.target && row.figure !== null && Number.isFinite(row.figure) ? meets(row.figure, row.target) : null;
    const full = { ...row, pass };
    this.rows.push(full);
    // Each figure as soon as it is known: a long run shows progress.
    console.log(`  ${formatRow(full).join("  ")}`);
    return full;
  }

  /** A measure that could not be taken: shown as not measured, counted as not met when it has a target. */
  missing(section: string, measure: string, unit: string, note: string, target?: Target): Row {
    const row: Row = { section, measure, figure: null, unit, target, pass: target ? false : null, note };
    this.rows.push(row);
    console.log(`  ${formatRow(row).join("  ")}`);
    return row;
  }

  print(): void {
    const header = ["section", "measure", "figure", "target", "result"];
    const lines = this.rows.map(formatRow);
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
    const fmt = (cells: string[]) => cells.map((c, i) => (i === 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ").trimEnd();
    console.log(`\n${fmt(header)}`);
    console.log(widths.map((w) => "-".repeat(w)).join("  "));
    let section = "";
    for (const [i, line] of lines.entries()) {
      const row = this.rows[i];
      if (row.section !== section && section) console.log("");
      section = row.section;
      console.log(fmt(line) + (row.note ? `   (${row.note})` : ""));
    }
    const targeted = this.rows.filter((r) => r.target);
    const met = targeted.filter((r) => r.pass === true).length;
    console.log(`\n${met} of ${targeted.length} targets met.`);
  }

  write(file: string): void {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const targeted = this.rows.filter((r) => r.target);
    const json = {
      startedAt: this.startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model,
        totalMemMB: Math.round(os.totalmem() / 2 ** 20),
        node: process.version,
        platform: `${os.platform()} ${os.release()}`,
        loadavgBefore: this.loadBefore,
        loadavgAfter: this.loadAfter,
      },
      ...this.context,
      summary: { targets: targeted.length, met: targeted.filter((r) => r.pass === true).length },
      rows: this.rows,
    };
    fs.writeFileSync(file, JSON.stringify(json, null, 2) + "\n");
  }
}

function meets(figure: number, target: Target): boolean {
  return target.op === "<=" ? figure <= target.value : figure >= target.value;
}

function formatNumber(n: number): string {
  if (Number.isInteger(n)) return String(n);
  if (Math.abs(n) >= 100) return n.toFixed(0);
  if (Math.abs(n) >= 10) return n.toFixed(1);
  return n.toFixed(n === Math.round(n) ? 0 : 2);
}

function formatRow(row: Row): string[] {
  const figure = row.figure === null ? "—" : `${formatNumber(row.figure)} ${row.unit}`.trim();
  const target = row.target ? `${row.target.op === "<=" ? "≤" : "≥"} ${formatNumber(row.target.value)} ${row.unit}`.trim() : "";
  const result = row.pass === null ? (row.figure === null ? "n/a" : "") : row.pass ? "PASS" : row.figure === null ? "FAIL (not measured)" : "FAIL";
  return [row.section, row.measure, figure, target, result];
}

// @engine both: migrations under an advisory lock when instances start at once (skips itself on PGlite)
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { migrationsFolder, openDatabase, POOL_SIZE } from "@server/db/client.server";

/** A fresh, empty database on the test server for `run`, dropped afterwards. */
async function withEmptyDatabase(prefix: string, run: (url: string, name: string, admin: postgres.Sql) => Promise<void>): Promise<void> {
  const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  const name = `${prefix}_${crypto.randomBytes(5).toString("hex")}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  try {
    await run(url.toString(), name, admin);
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

// Several instances starting together on one PostgreSQL (issue 10): only the server case.
describe.skipIf(!process.env.DATABASE_URL)("migrations when several instances start at once", () => {
  it("four instances opening one fresh database together migrate it once", async () => {
    await withEmptyDatabase("t_migrate", async (url) => {
      const handles = await Promise.all(Array.from({ length: 4 }, () => openDatabase({ databaseUrl: url })));
      await Promise.all(handles.map((h) => h.close()));
      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
      const check = postgres(url, { max: 1, onnotice: () => {} });
      const [{ n }] = await check<{ n: number }[]>`select count(*)::int as n from drizzle.__drizzle_migrations`;
      await check.end();
      expect(n).toBe(journal.entries.length);
    });
  }, 120_000);

  it("the server's start opens every pooled connection at once (openPool); other callers open them as needed", async () => {
    await withEmptyDatabase("t_pool", async (url, name, admin) => {
      const connections = async () => (await admin<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where datname = ${name}`)[0].n;
      const lazy = await openDatabase({ databaseUrl: url });
      expect(await connections()).toBeLessThan(POOL_SIZE);
      await lazy.close();
      const opened = await openDatabase({ databaseUrl: url, openPool: true });
      expect(await connections()).toBeGreaterThanOrEqual(POOL_SIZE);
      await opened.close();
    });
  }, 120_000);
});

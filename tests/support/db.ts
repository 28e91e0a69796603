import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll } from "vitest";
import { setNowForTests } from "@server/clock.server";
import { openDatabase, setDatabase, type Database, type DatabaseHandle } from "@server/db/client.server";
import { setEnvForTests } from "@server/env.server";
import { pgliteTemplate } from "./pglite-template-file";

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or — with DATABASE_URL — a new
 * database on that PostgreSQL server, dropped afterwards. Also a fresh DATA_DIR (outbox, uploads).
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ort-test-"));
  const serverUrl = process.env.DATABASE_URL;
  setEnvForTests({ DATA_DIR: dataDir, DATABASE_URL: serverUrl, APP_NOW: undefined, SMTP_URL: undefined, STRIPE_SECRET_KEY: undefined, LOG_LEVEL: "error" });
  if (!serverUrl) {
    const handle = await openDatabase({ inMemory: true, template: pgliteTemplate() });
    return { ...handle, dataDir, close: async () => { await handle.close(); fs.rmSync(dataDir, { recursive: true, force: true }); } };
  }
  const name = `t_${crypto.randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...handle,
    dataDir,
    close: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Opens a test database before the file's tests and installs it as the app's database.
 * Returns an accessor, since the database exists only once beforeAll has run.
 */
export function useTestDatabase(): { db: () => Database; dataDir: () => string; kind: () => DatabaseHandle["kind"] } {
  let handle: (DatabaseHandle & { dataDir: string }) | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
    setDatabase(handle);
    setNowForTests(undefined);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await handle?.close();
  });
  const get = () => {
    if (!handle) throw new Error("test database not open");
    return handle;
  };
  return { db: () => get().db, dataDir: () => get().dataDir, kind: () => get().kind };
}

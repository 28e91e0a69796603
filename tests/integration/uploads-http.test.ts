// @engine both: uploads served from bytea in the database
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as AuthModule from "@server/auth/auth.server";
import type * as LoginModule from "@server/auth/login.server";
import type * as UsersModule from "@server/auth/users.server";
import type * as SchemaModule from "@server/db/schema.server";
import type * as EnvModule from "@server/env.server";
import { startTestApp, type TestApp } from "../support/http-app";
import { makePdf } from "../unit/upload-fixtures";
import { signInAdminWithCode } from "../support/admin-session";

// An admin uploads through the real HTTP app with UPLOAD_STORAGE=database (on PGlite, and on
// PostgreSQL with npm run test:pg): the files live in stored_files, nothing on disk, and
// /uploads/... serves them with the usual headers; the cleanup page removes them again.

let app: TestApp;
let cookie = "";
let schema: typeof SchemaModule;
let dataDir = "";

beforeAll(async () => {
  app = await startTestApp({ env: { UPLOAD_STORAGE: "database" } });
  schema = await app.load<typeof SchemaModule>("/server/db/schema.server.ts");
  dataDir = (await app.load<typeof EnvModule>("/server/env.server.ts")).env().dataDir;
  const { upsertUser } = await app.load<typeof UsersModule>("/server/auth/users.server.ts");
  const { signInWithPassword } = await app.load<typeof LoginModule>("/server/auth/login.server.ts");
  await upsertUser({ email: "uploads-admin@example.com", password: "correct-horse-battery", admin: true });
  const { auth } = await app.load<typeof AuthModule>("/server/auth/auth.server.ts");
  // Password and TOTP code (decision 017): the helper sets the second factor up on first sign-in.
  ({ cookie } = await signInAdminWithCode({ signInWithPassword, auth }, { email: "uploads-admin@example.com", password: "correct-horse-battery", clientAddress: "10.9.8.7" }));
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const pdf = makePdf("Zeilprogramma");

describe("uploads in the database, over HTTP", () => {
  let imageUrl = "";
  let documentUrl = "";
  let postId = "";

  it("stores an admin's picture and document in the database, not on disk", async () => {
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#0b1f33" } }).jpeg().toBuffer();
    const form = new FormData();
    for (const [name, value] of Object.entries({ title: "Over HTTP", slug: "over-http", description: "Beschrijving", content: "Inhoud", date: "2026-03-14", category: "team" })) {
      form.append(name, value);
    }
    form.append("image", new File([new Uint8Array(jpeg)], "boot.jpg", { type: "image/jpeg" }));
    form.append("document", new File([new Uint8Array(pdf)], "Zeilprogramma 2026.pdf", { type: "application/pdf" }));
    const response = await fetch(`${app.url}/admin/blog/new`, { method: "POST", body: form, headers: { cookie, origin: app.url }, redirect: "manual" });
    expect(response.status).toBe(200);

    const [post] = await app.db.select().from(schema.blogPosts);
    expect(post?.slug).toBe("over-http");
    postId = post.id;
    imageUrl = post.image!;
    documentUrl = post.documentUrl!;
    expect(imageUrl).toMatch(/^\/uploads\/blog-images\/\d+-[0-9a-f]{16}-900\.webp$/);
    expect(documentUrl).toMatch(/^\/uploads\/documents\/\d+-[0-9a-f]{16}\.pdf$/);

    const stored = await app.db.select({ bucket: schema.storedFiles.bucket, name: schema.storedFiles.name }).from(schema.storedFiles);
    // 640 and 900 px, AVIF and WebP, and the document.
    expect(stored.map((f) => `${f.bucket}/${f.name}`).sort()).toEqual(
      [imageUrl, imageUrl.replace(".webp", ".avif"), imageUrl.replace("-900.webp", "-640.webp"), imageUrl.replace("-900.webp", "-640.avif"), documentUrl]
        .map((url) => url.replace("/uploads/", ""))
        .sort(),
    );
    expect(fs.existsSync(path.join(dataDir, "uploads"))).toBe(false);
  });

  it("serves the picture from /uploads with type, nosniff, a year's cache, ETag and 304", async () => {
    const response = await fetch(`${app.url}${imageUrl}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    // Once: the route's header replaces the app-wide default instead of repeating it.
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("content-length")).toBe(String(bytes.length));
    const name = imageUrl.split("/").pop()!;
    const [row] = (await app.db.select().from(schema.storedFiles)).filter((f) => f.name === name);
    expect(bytes.equals(row.bytes)).toBe(true);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 900 });

    const etag = response.headers.get("etag")!;
    expect(etag).toBe(`"${name}-${bytes.length}"`);
    const again = await fetch(`${app.url}${imageUrl}`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    const head = await fetch(`${app.url}${imageUrl}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(bytes.length));
  });

  it("serves the document under its own name, and 404 for unknown or foreign paths", async () => {
    const response = await fetch(`${app.url}${documentUrl}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(/^inline; filename="Zeilprogramma 2026.pdf"/);
    expect(Buffer.from(await response.arrayBuffer()).equals(pdf)).toBe(true);

    for (const url of [
      "/uploads/documents/1735689600000-0123456789abcdef.pdf",
      "/uploads/documents/..%2F..%2Fpackage.json",
      "/uploads/documents/%2e%2e%2fsecret.txt",
      imageUrl.replace("blog-images", "documents"),
      documentUrl.replace("documents", "blog-images"),
    ]) {
      const answer = await fetch(`${app.url}${url}`);
      expect(answer.status, url).toBe(404);
      await answer.body?.cancel();
    }
  });

  it("removes the files with the article on the cleanup page", async () => {
    const body = new URLSearchParams({ intent: "delete-many", ids: postId, confirmed: "yes" });
    const response = await fetch(`${app.url}/database-cleanup`, {
      method: "POST",
      body,
      headers: { cookie, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(response.status).toBe(200);
    expect(await app.db.$count(schema.blogPosts)).toBe(0);
    expect(await app.db.$count(schema.uploads)).toBe(0);
    expect(await app.db.$count(schema.storedFiles)).toBe(0);
    expect((await fetch(`${app.url}${imageUrl}`)).status).toBe(404);
    expect((await fetch(`${app.url}${documentUrl}`)).status).toBe(404);
  });
});

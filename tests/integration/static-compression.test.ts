// @engine pglite: precompressed static files: HTTP glue, no database work
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDirectory } from "../../scripts/precompress";
import { startTestApp, type TestApp } from "../support/http-app";

// Static files are compressed once at build time and sent as they are; HTML is compressed on the
// fly (brotli at a low quality, or gzip), never twice (server/http/static.server.ts, decision 013).

let app: TestApp;
let clientDir: string;
const SCRIPT = "/assets/entry.client-AbC123xy.js";
const STYLE = "/assets/root-Zz9.css";
const TINY = "/assets/tiny-1.js";
const ICON = "/favicon.svg";

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A raw request (fetch would decompress the body and hide Content-Encoding). */
function get(urlPath: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${app.url}${urlPath}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const file = (urlPath: string) => fs.readFileSync(path.join(clientDir, urlPath));

beforeAll(async () => {
  // A client build in miniature: a script and a stylesheet large enough to compress, a tiny file
  // and a public icon, precompressed by the same step as `react-router build`.
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "ort-client-"));
  fs.mkdirSync(path.join(clientDir, "assets"));
  const lines = Array.from({ length: 3000 }, (_, i) => `export const value${i} = ${JSON.stringify(crypto.createHash("md5").update(String(i % 50)).digest("hex"))};`);
  fs.writeFileSync(path.join(clientDir, SCRIPT), lines.join("\n"));
  fs.writeFileSync(path.join(clientDir, STYLE), Array.from({ length: 400 }, (_, i) => `.c${i}{color:#${(i * 7919).toString(16).padStart(6, "0").slice(0, 6)};margin:${i}px}`).join("\n"));
  fs.writeFileSync(path.join(clientDir, TINY), "export const a = 1;\n");
  fs.writeFileSync(path.join(clientDir, ICON), `<svg xmlns="http://www.w3.org/2000/svg">${"<circle r='1'/>".repeat(200)}</svg>`);
  await precompressDirectory(clientDir);
  app = await startTestApp({ seed: true, clientDir });
}, 120_000);

afterAll(async () => {
  await app?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe("precompressed static files", () => {
  it("sends the .br file as it is to a client that takes brotli, with an immutable cache header", async () => {
    const answer = await get(SCRIPT, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // Byte for byte the file made at build time (not compressed again), and it decodes to the original.
    const br = file(`${SCRIPT}.br`);
    expect(answer.body.equals(br)).toBe(true);
    expect(Number(answer.headers["content-length"])).toBe(br.length);
    expect(zlib.brotliDecompressSync(answer.body).equals(file(SCRIPT))).toBe(true);
    expect(br.length).toBeLessThan(file(SCRIPT).length / 3);
  });

  it("sends the .gz file to a client that takes gzip but not brotli", async () => {
    for (const acceptEncoding of ["gzip", "br;q=0, gzip", "gzip, deflate"]) {
      const answer = await get(STYLE, { "accept-encoding": acceptEncoding });
      expect(answer.headers["content-encoding"], acceptEncoding).toBe("gzip");
      expect(answer.headers["content-type"]).toMatch(/^text\/css/);
      expect(answer.body.equals(file(`${STYLE}.gz`))).toBe(true);
      expect(zlib.gunzipSync(answer.body).equals(file(STYLE))).toBe(true);
    }
  });

  it("sends the original to a client that takes no compression", async () => {
    const variants: Record<string, string>[] = [{}, { "accept-encoding": "identity" }, { "accept-encoding": "br;q=0, gzip;q=0" }];
    for (const headers of variants) {
      const answer = await get(SCRIPT, headers);
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(answer.body.equals(file(SCRIPT))).toBe(true);
      expect(Number(answer.headers["content-length"])).toBe(file(SCRIPT).length);
    }
  });

  it("answers HEAD with the headers of the chosen file and no body", async () => {
    const answer = await get(SCRIPT, { "accept-encoding": "br" }, "HEAD");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(Number(answer.headers["content-length"])).toBe(file(`${SCRIPT}.br`).length);
    expect(answer.body.length).toBe(0);
  });

  it("public files outside /assets are precompressed too, cached for an hour", async () => {
    const answer = await get(ICON, { "accept-encoding": "br" });
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(answer.headers["cache-control"]).toBe("public, max-age=3600");
    expect(zlib.brotliDecompressSync(answer.body).equals(file(ICON))).toBe(true);
  });

  it("a file too small to be worth compressing is sent as it is", async () => {
    expect(fs.existsSync(path.join(clientDir, `${TINY}.br`))).toBe(false);
    const answer = await get(TINY, { "accept-encoding": "br, gzip" });
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.body.equals(file(TINY))).toBe(true);
  });
});

describe("pages", () => {
  it("are compressed once, with brotli when the client takes it, else gzip, else not at all", async () => {
    const plain = await get("/about?lang=en");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const html = plain.body.toString("utf8");
    expect(html).toMatch(/^<!DOCTYPE html>/i);

    const br = await get("/about", { "accept-encoding": "gzip, deflate, br", cookie: "lang=en" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    const fromBr = zlib.brotliDecompressSync(br.body).toString("utf8");
    expect(fromBr).toMatch(/^<!DOCTYPE html>/i);
    expect(fromBr).toContain("</html>");

    const gz = await get("/about", { "accept-encoding": "gzip", cookie: "lang=en" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString("utf8")).toMatch(/^<!DOCTYPE html>[\s\S]*<\/html>$/i);
  });
});

import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { precompressDirectory } from "../../scripts/precompress";

// The build step behind the precompressed static files (decision 013).

let dir = "";
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("precompressDirectory", () => {
  it("writes .br and .gz beside each text file that decode byte for byte to it", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "ort-precompress-"));
    fs.mkdirSync(path.join(dir, "assets", "nested"), { recursive: true });
    const files = {
      "assets/app-1.js": "export const x = () => 'ocean racing';\n".repeat(400),
      "assets/nested/style-2.css": ".hull { color: navy; }\n".repeat(300),
      "data.json": JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ i, name: "Zeilen" }))),
    };
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    const result = await precompressDirectory(dir);
    expect(result.files).toBe(3);
    for (const name of Object.keys(files)) {
      const original = fs.readFileSync(path.join(dir, name));
      const br = fs.readFileSync(path.join(dir, `${name}.br`));
      const gz = fs.readFileSync(path.join(dir, `${name}.gz`));
      expect(zlib.brotliDecompressSync(br).equals(original), name).toBe(true);
      expect(zlib.gunzipSync(gz).equals(original), name).toBe(true);
      expect(br.length).toBeLessThan(original.length);
    }
  });

  it("leaves out small files, formats that are compressed already, and data that does not shrink", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "ort-precompress-"));
    fs.writeFileSync(path.join(dir, "tiny.js"), "export {};\n");
    fs.writeFileSync(path.join(dir, "font.woff2"), Buffer.alloc(5000, 1));
    fs.writeFileSync(path.join(dir, "photo.avif"), Buffer.alloc(5000, 1));
    fs.writeFileSync(path.join(dir, "random.js"), crypto.randomBytes(5000));
    await precompressDirectory(dir);
    expect(fs.readdirSync(dir).sort()).toEqual(["font.woff2", "photo.avif", "random.js", "tiny.js"]);
  });
});

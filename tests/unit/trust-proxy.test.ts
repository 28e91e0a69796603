import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "@server/env.server";

/**
 * The client address every per-address limit uses is Express's `req.ip` under the TRUST_PROXY
 * setting (server/app.ts applies it as-is). Made-up X-Forwarded-For entries must not change it.
 */
const servers: Array<{ close: () => void }> = [];
afterAll(() => servers.forEach((s) => s.close()));

async function clientAddressSeen(trustProxy: string, forwardedFor?: string): Promise<string> {
  const setting = parseEnv({ TRUST_PROXY: trustProxy }).TRUST_PROXY;
  const app = express();
  if (setting !== false) app.set("trust proxy", setting);
  app.get("/", (req, res) => {
    res.send(req.ip);
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/`, { headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} });
  return (await response.text()).replace(/^::ffff:/, "");
}

describe("TRUST_PROXY and the client address (issue 12)", () => {
  it("without a proxy ignores X-Forwarded-For entirely", async () => {
    expect(await clientAddressSeen("false", "1.2.3.4")).toBe("127.0.0.1");
    expect(await clientAddressSeen("false")).toBe("127.0.0.1");
  });

  it("behind one proxy takes the address that proxy appended, never the left-most made-up one", async () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; the proxy appended the real 203.0.113.9.
    expect(await clientAddressSeen("1", "6.6.6.6, 203.0.113.9")).toBe("203.0.113.9");
    expect(await clientAddressSeen("1", "7.7.7.7, 6.6.6.6, 203.0.113.9")).toBe("203.0.113.9");
    // "true" is one hop, not "trust everything".
    expect(await clientAddressSeen("true", "6.6.6.6, 203.0.113.9")).toBe("203.0.113.9");
  });

  it("behind two proxies counts two hops from the right", async () => {
    expect(await clientAddressSeen("2", "6.6.6.6, 203.0.113.9, 10.0.0.2")).toBe("203.0.113.9");
  });

  it("with a list of proxy addresses skips only those, from the right", async () => {
    expect(await clientAddressSeen("loopback, 10.0.0.0/8", "6.6.6.6, 203.0.113.9, 10.1.2.3")).toBe("203.0.113.9");
    expect(await clientAddressSeen("127.0.0.1", "6.6.6.6, 203.0.113.9")).toBe("203.0.113.9");
  });

  it("refuses a value that is not a hop count or a list of addresses", () => {
    for (const wrong of ["yes", "any", "10.0.0.0/99", "300", "not-an-ip, 10.0.0.1"]) {
      expect(() => parseEnv({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
    }
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
  });
});

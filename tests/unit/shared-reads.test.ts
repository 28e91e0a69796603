import { describe, expect, it } from "vitest";
import { sharedReads, sharedReadsByKey } from "@server/db/shared-reads.server";

/** A read whose answers the test gives, one pending read at a time, counting how many were made. */
function controlledRead() {
  const pending: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  const read = () => new Promise<number>((resolve, reject) => pending.push({ resolve, reject }));
  return { read, pending };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("sharedReads (the render cache's version, a registration burst's event)", () => {
  it("never answers a caller with a read that began before it asked; callers that come during one read share the next", async () => {
    const { read, pending } = controlledRead();
    const shared = sharedReads(read);
    const first = shared();
    expect(pending).toHaveLength(1);
    // Two callers while the first read is under way: no new read yet, and not the first one's.
    const second = shared();
    const third = shared();
    expect(pending).toHaveLength(1);
    pending[0]!.resolve(1);
    expect(await first).toBe(1);
    await tick();
    // The next read began after they asked: they get its answer, from one read.
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(2);
    expect(await second).toBe(2);
    expect(await third).toBe(2);
    // Nothing under way: a new caller starts its own read.
    const fourth = shared();
    expect(pending).toHaveLength(3);
    pending[2]!.resolve(3);
    expect(await fourth).toBe(3);
  });

  it("a failed read fails its callers only; the next callers read again", async () => {
    const { read, pending } = controlledRead();
    const shared = sharedReads(read);
    const first = shared();
    const waiting = shared();
    pending[0]!.reject(new Error("database gone"));
    await expect(first).rejects.toThrow("database gone");
    await tick();
    pending[1]!.resolve(7);
    expect(await waiting).toBe(7);
    const later = shared();
    pending[2]!.resolve(8);
    expect(await later).toBe(8);
  });
});

describe("sharedReadsByKey", () => {
  it("shares reads per key only, and forgets a key once nobody waits on it", async () => {
    const pending = new Map<string, { resolve: (value: string) => void }[]>();
    const reads: string[] = [];
    const shared = sharedReadsByKey((key: string) => {
      reads.push(key);
      return new Promise<string>((resolve) => pending.set(key, [...(pending.get(key) ?? []), { resolve }]));
    });
    const a1 = shared("a");
    const b1 = shared("b");
    const a2 = shared("a");
    expect(reads).toEqual(["a", "b"]);
    pending.get("a")![0]!.resolve("a-1");
    pending.get("b")![0]!.resolve("b-1");
    expect(await a1).toBe("a-1");
    expect(await b1).toBe("b-1");
    await tick();
    // The second caller of "a" asked during the first read: it gets the next one, not "a-1".
    expect(reads).toEqual(["a", "b", "a"]);
    pending.get("a")![1]!.resolve("a-2");
    expect(await a2).toBe("a-2");
    await tick();
    // Nobody waits on "a" now: a new caller starts a fresh read of its own.
    const a3 = shared("a");
    expect(reads).toEqual(["a", "b", "a", "a"]);
    pending.get("a")![2]!.resolve("a-3");
    expect(await a3).toBe("a-3");
  });
});

import { describe, expect, it } from "vitest";
import { sharedReads } from "@server/http/render-cache.server";

/** A read whose answers the test gives, one pending read at a time, counting how many were made. */
function controlledRead() {
  const pending: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  const read = () => new Promise<number>((resolve, reject) => pending.push({ resolve, reject }));
  return { read, pending };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("sharedReads (the render cache's version read)", () => {
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

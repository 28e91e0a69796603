import { describe, expect, it } from "vitest";
import { batchedWrites, batchedWritesByKey } from "@server/db/batched-writes.server";

/** A write that records each call's items and answers after the test lets it. */
function recordingWrite(fail?: (items: number[]) => boolean) {
  const calls: number[][] = [];
  const releases: Array<() => void> = [];
  const write = async (items: number[]) => {
    calls.push([...items]);
    await new Promise<void>((resolve) => releases.push(resolve));
    if (fail?.(items)) throw new Error(`refused ${items.join(",")}`);
    return items.map((i) => i * 10);
  };
  // Answers every waiting write, until none has been waiting for a few turns (an answer may start the next write).
  const releaseAll = async () => {
    for (let quiet = 0; quiet < 3; ) {
      if (releases.length === 0) quiet += 1;
      else {
        quiet = 0;
        releases.splice(0).forEach((release) => release());
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return { calls, write, releaseAll };
}

describe("batchedWrites", () => {
  it("writes a lone item at once, and the items that come meanwhile together in the next write, each answered its own result", async () => {
    const { calls, write, releaseAll } = recordingWrite();
    const add = batchedWrites(write);
    const first = add(1);
    expect(calls).toEqual([[1]]);
    const rest = [add(2), add(3), add(4)];
    expect(calls).toEqual([[1]]);
    await releaseAll();
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
    expect(calls).toEqual([[1], [2, 3, 4]]);
    // Nothing under way: the next item goes at once again.
    const later = add(5);
    expect(calls).toEqual([[1], [2, 3, 4], [5]]);
    await releaseAll();
    expect(await later).toBe(50);
  });

  it("writes at most `max` items at once, in arrival order", async () => {
    const { calls, write, releaseAll } = recordingWrite();
    const add = batchedWrites(write, 2);
    const all = [1, 2, 3, 4, 5, 6].map((i) => add(i));
    await releaseAll();
    expect(await Promise.all(all)).toEqual([10, 20, 30, 40, 50, 60]);
    expect(calls).toEqual([[1], [2, 3], [4, 5], [6]]);
  });

  it("when a shared write fails, writes each item again alone: only the faulty one fails", async () => {
    const { calls, write, releaseAll } = recordingWrite((items) => items.includes(3));
    const add = batchedWrites(write);
    const all = [1, 2, 3, 4].map((i) => add(i).then(String, (error: Error) => error.message));
    await releaseAll();
    expect(await Promise.all(all)).toEqual(["10", "20", "refused 3", "40"]);
    expect(calls).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it("when a shared write fails because the database was busy, every item gets that error at once, none is written again alone", async () => {
    const busy = Object.assign(new Error("canceling statement due to lock timeout"), { code: "55P03" });
    const calls: number[][] = [];
    const add = batchedWrites(async (items: number[]) => {
      calls.push([...items]);
      await new Promise((resolve) => setTimeout(resolve, 5));
      throw new Error("Failed query: select … for update", { cause: busy });
    });
    const all = [1, 2, 3, 4].map((i) => add(i).then(String, (error: Error) => (error.cause as { code: string }).code));
    expect(await Promise.all(all)).toEqual(["55P03", "55P03", "55P03", "55P03"]);
    // Alone, each would have waited for the lock as long again.
    expect(calls).toEqual([[1], [2, 3, 4]]);
  });

  it("a write that answers fewer results than items is a failure, not a wrong answer", async () => {
    const add = batchedWrites(async (items: number[]) => (items.length > 1 ? items.slice(1) : items));
    const first = add(1);
    const rest = [add(2), add(3)];
    expect(await first).toBe(1);
    // The shared write of [2, 3] answered one result: each is written again alone.
    expect(await Promise.all(rest)).toEqual([2, 3]);
  });

  it("per key: items of one key go together, items of another key never share its write", async () => {
    const { calls, write, releaseAll } = recordingWrite();
    const add = batchedWritesByKey((key: string, items: number[]) => write(items.map((i) => (key === "b" ? i + 100 : i))), 10);
    const all = [add("a", 1), add("b", 2), add("a", 3), add("b", 4), add("a", 5)];
    // The first of each key is written at once, alone.
    expect(calls).toEqual([[1], [102]]);
    await releaseAll();
    expect(await Promise.all(all)).toEqual([10, 1020, 30, 1040, 50]);
    expect(calls).toEqual([[1], [102], [3, 5], [104]]);
    // Nobody waiting: the next item of a key is written at once again.
    const later = add("a", 6);
    expect(calls.at(-1)).toEqual([6]);
    await releaseAll();
    expect(await later).toBe(60);
  });
});

/**
 * Writes of one kind that arrive together, sent to the database as one statement (decision 028):
 * under a registration burst every post counts its rate limit and records its open payment, and
 * on this kind of machine each statement's round trip (a socket write, a wake-up of the server
 * process) costs more than the statement itself.
 */

import { isDatabaseBusy } from "./timeouts.server";
import { whileAwaitedByKey } from "./shared-reads.server";

/**
 * `write` for many items at once, shared between callers without making anyone wait when there
 * is no crowd: the first item is written at once, alone; items that come while a write is under
 * way wait and go together in the next one (at most `max` per write), in arrival order. `write`
 * answers each item in the order given, and must be all or nothing (one statement or one
 * transaction): if a shared write fails, each of its items is written again alone, so one item's
 * fault never fails another's. Except when the database was busy (a lock or statement timeout,
 * `isDatabaseBusy`): that is no item's fault, each alone would wait as long again, so every item
 * gets the error at once (its caller answers "try again").
 */
export function batchedWrites<T, R>(write: (items: T[]) => Promise<R[]>, max = 100): (item: T) => Promise<R> {
  type Pending = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void };
  let waiting: Pending[] | undefined;

  const writeAlone = async (pending: Pending) => {
    try {
      const [result] = await write([pending.item]);
      pending.resolve(result);
    } catch (error) {
      pending.reject(error);
    }
  };

  const settle = async (batch: Pending[]) => {
    try {
      const results = await write(batch.map((p) => p.item));
      if (results.length !== batch.length) throw new Error(`A batched write answered ${results.length} of ${batch.length} items`);
      batch.forEach((p, i) => p.resolve(results[i]));
    } catch (error) {
      if (batch.length === 1 || isDatabaseBusy(error)) for (const p of batch) p.reject(error);
      else for (const p of batch) await writeAlone(p);
    }
  };

  const drain = async (first: Pending[]) => {
    try {
      let batch = first;
      while (batch.length > 0) {
        await settle(batch);
        batch = (waiting ?? []).splice(0, max);
      }
    } finally {
      waiting = undefined;
    }
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      const pending: Pending = { item, resolve, reject };
      if (waiting) {
        waiting.push(pending);
        return;
      }
      waiting = [];
      void drain([pending]);
    });
}

/**
 * `batchedWrites` per key (an event): items of the same key are written together, items of
 * different keys never; a key's queue lives only while someone waits on it, so keys nobody uses
 * again take no memory.
 */
export function batchedWritesByKey<K, T, R>(write: (key: K, items: T[]) => Promise<R[]>, max = 100): (key: K, item: T) => Promise<R> {
  return whileAwaitedByKey((key: K) => batchedWrites((items: T[]) => write(key, items), max));
}

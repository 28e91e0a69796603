/**
 * Reads shared between concurrent requests, for the busiest reads (the render cache's version,
 * the event a registration burst is for): one query per round trip instead of one per request,
 * and never an answer read before the request asked.
 */

/**
 * `read`, shared between requests without ever answering one from before it arrived: while a
 * read is under way, the requests that come in join the one read that starts when it ends (the
 * one under way may have started before a commit they already saw). Under load that is one
 * query per round trip instead of one per request; each request still waits for at most two.
 */
export function sharedReads<T>(read: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const start = () => {
    const reading = read();
    current = reading;
    const clear = () => {
      if (current === reading) current = undefined;
    };
    reading.then(clear, clear);
    return reading;
  };
  return () => {
    if (!current) return start();
    queued ??= current.then(
      () => undefined,
      () => undefined,
    ).then(() => {
      queued = undefined;
      return start();
    });
    return queued;
  };
}

/**
 * `make(key)` once per key, kept only while a call through it is awaited: the per-key queues of
 * shared reads and batched writes, where keys nobody asks for again must take no memory.
 */
export function whileAwaitedByKey<K, A, R>(make: (key: K) => (arg: A) => Promise<R>): (key: K, arg: A) => Promise<R> {
  const byKey = new Map<K, { call: (arg: A) => Promise<R>; waiting: number }>();
  return (key, arg) => {
    let entry = byKey.get(key);
    if (!entry) byKey.set(key, (entry = { call: make(key), waiting: 0 }));
    const mine = entry;
    mine.waiting += 1;
    const done = () => {
      mine.waiting -= 1;
      if (mine.waiting === 0 && byKey.get(key) === mine) byKey.delete(key);
    };
    const answer = mine.call(arg);
    answer.then(done, done);
    return answer;
  };
}

/**
 * `sharedReads` per key (an event's slug): callers of the same key share reads as above; a key's
 * entry lives only while someone waits on it, so keys nobody asks for again take no memory.
 */
export function sharedReadsByKey<K, T>(read: (key: K) => Promise<T>): (key: K) => Promise<T> {
  const byKey = whileAwaitedByKey((key: K) => sharedReads(() => read(key)));
  return (key) => byKey(key, undefined);
}

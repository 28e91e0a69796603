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
 * `sharedReads` per key (an event's slug): callers of the same key share reads as above; a key's
 * entry lives only while someone waits on it, so keys nobody asks for again take no memory.
 */
export function sharedReadsByKey<K, T>(read: (key: K) => Promise<T>): (key: K) => Promise<T> {
  const byKey = new Map<K, { shared: () => Promise<T>; waiting: number }>();
  return (key) => {
    let entry = byKey.get(key);
    if (!entry) byKey.set(key, (entry = { shared: sharedReads(() => read(key)), waiting: 0 }));
    const mine = entry;
    mine.waiting += 1;
    const done = () => {
      mine.waiting -= 1;
      if (mine.waiting === 0 && byKey.get(key) === mine) byKey.delete(key);
    };
    const answer = mine.shared();
    answer.then(done, done);
    return answer;
  };
}

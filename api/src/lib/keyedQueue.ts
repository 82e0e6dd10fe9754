/**
 * Runs tasks one after another per key, and tasks of different keys at once. Nothing is kept
 * for a key once its last task has settled, so the map holds only work in flight.
 */
export function keyedQueue<K>() {
  const tails = new Map<K, Promise<unknown>>();
  return function run<T>(key: K, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key);
    // A failed task does not stop the ones queued behind it.
    const result = previous ? previous.then(task, task) : task();
    const tail = result.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}

// The write bench's load: calls taken from queues by a number of callers at once, each call timed.
//   - one queue per caller (queues.length === callers): every caller works on rows of its own;
//   - one queue for all (queues.length === 1, callers > 1): the callers take the next call of the one
//     queue as they come free, so all of them work on the same rows at the same time (the hot row).
// A failed call is counted and its first message kept; the run goes on (the bench's checks fail).

export interface Done<A> {
  arg: A;
  value: unknown;
}

export interface LoadResult<A> {
  /** milliseconds of every call that answered, in the order they ended */
  samples: number[];
  /** wall time of the whole run, s */
  seconds: number;
  done: Done<A>[];
  failed: number;
  firstError?: string;
}

export const runQueues = async <A>(
  queues: readonly (readonly A[])[],
  callers: number,
  call: (arg: A) => Promise<unknown>,
): Promise<LoadResult<A>> => {
  const next = queues.map(() => 0);
  const samples: number[] = [];
  const done: Done<A>[] = [];
  let failed = 0;
  let firstError: string | undefined;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async (_, c) => {
      const q = c % queues.length;
      const queue = queues[q] ?? [];
      for (;;) {
        const i = next[q] ?? 0;
        if (i >= queue.length) return;
        next[q] = i + 1;
        const arg = queue[i] as A;
        const start = performance.now();
        try {
          const value = await call(arg);
          samples.push(performance.now() - start);
          done.push({ arg, value });
        } catch (err) {
          failed++;
          firstError ??= err instanceof Error ? err.message : String(err);
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return { samples, seconds, done, failed, ...(firstError === undefined ? {} : { firstError }) };
};

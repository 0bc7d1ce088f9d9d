// Figures of the bench: percentiles of samples and the load average beside each of them.
import { loadavg } from 'node:os';

export interface Stats {
  n: number;
  mean: number;
  p50: number;
  p95: number;
  /** the 1-minute load average when the samples were done */
  load: number;
}

export const stats = (samples: readonly number[]): Stats => {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  return {
    n: s.length,
    mean: s.reduce((a, b) => a + b, 0) / Math.max(1, s.length),
    p50: at(0.5),
    p95: at(0.95),
    load: loadavg()[0] ?? 0,
  };
};

/** Times one call. */
export const timed = async (fn: () => Promise<unknown>): Promise<number> => {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
};

/**
 * Runs the contestants' calls interleaved call by call (a, b, c, a, b, c ...), so that whatever else
 * the machine does at a moment weighs on all of them alike. Returns each one's figures.
 */
export const interleaved = async <K extends string>(
  n: number,
  calls: Partial<Record<K, (i: number) => Promise<unknown>>>,
  warmup = Math.min(20, n),
): Promise<Partial<Record<K, Stats>>> => {
  const entries = Object.entries(calls).filter(
    (e): e is [K, (i: number) => Promise<unknown>] => typeof e[1] === 'function',
  );
  for (let i = 0; i < warmup; i++) for (const [, call] of entries) await call(i);
  const samples = entries.map(([k]) => [k, [] as number[]] as const);
  for (let i = 0; i < n; i++)
    for (const [j, [, call]] of entries.entries()) samples[j]?.[1].push(await timed(() => call(i)));
  return Object.fromEntries(samples.map(([k, list]) => [k, stats(list)])) as Partial<Record<K, Stats>>;
};

/** Requests per second of `call` with `concurrency` callers, `total` calls in all. */
export const throughput = async (
  total: number,
  concurrency: number,
  call: (i: number) => Promise<unknown>,
): Promise<number> => {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        await call(i);
      }
    }),
  );
  return total / ((performance.now() - t0) / 1000);
};

export const ms = (v: number): string => v.toFixed(2).padStart(8);
export const load = (): string => (loadavg()[0] ?? 0).toFixed(2);

// `settled()`: waits until the app has nothing left in flight (a turn of the timers starts no request
// and none is open; tests/portal/setup.ts tracks the requests). A test that asserts something did
// NOT happen (no call, no redirect) waits for this rather than for a fixed time.
let settle: ((limitMs?: number) => Promise<void>) | undefined;

/** Called by tests/portal/setup.ts for each file, with its request tracker. */
export const useSettle = (fn: (limitMs?: number) => Promise<void>): void => {
  settle = fn;
};

export const settled = async (limitMs?: number): Promise<void> => {
  if (!settle) throw new Error('settled() needs tests/portal/setup.ts');
  await settle(limitMs);
};

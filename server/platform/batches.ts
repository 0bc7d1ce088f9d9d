// Jobs that move many rows do it in bounded transactions (a bounded lock set however many are due).
import type { Tx } from './audit';
import type { Db } from './db/client';

/**
 * Runs `batch` in one transaction after another until one moves fewer than `size` rows (the last
 * batch); `batch` answers how many rows it moved. Answers the total moved.
 */
export const inBatches = async (
  db: Db,
  size: number,
  batch: (tx: Tx) => Promise<number>,
): Promise<number> => {
  let total = 0;
  for (;;) {
    const moved = await db.transaction(batch);
    total += moved;
    if (moved < size) return total;
  }
};

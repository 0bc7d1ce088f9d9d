// The server hashes every password it stores with argon2id at its chosen cost (64 MiB, 3 passes, 4
// lanes). The tests' own seeded users carry cheap hashes (tests/api/helpers.ts testPasswordHash), so
// this is where the real parameters are held to.
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../server/platform/passwords';

describe('hashPassword', () => {
  it('makes an argon2id hash at 64 MiB, 3 passes and 4 lanes that verifies only its password', async () => {
    const made = await hashPassword('Correct-Horse-9');
    expect(made).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
    expect(await verifyPassword(made, 'Correct-Horse-9')).toBe(true);
    expect(await verifyPassword(made, 'correct-horse-9')).toBe(false);
    expect(await verifyPassword('not a hash', 'Correct-Horse-9')).toBe(false);
  });
});

// drizzle-kit's API adds enumerable methods to String.prototype and Array.prototype as it is imported
// (tests/drizzle-kit.ts): outside withDrizzleKit no array of the process may carry them, or a for…in
// copy of a schema's `required` array (fast-json-stringify's) gains a hole that breaks Ajv.
import { describe, expect, it } from 'vitest';
import { withDrizzleKit } from '../drizzle-kit';

const keysOf = (value: object): string[] => {
  const keys: string[] = [];
  for (const key in value) keys.push(key);
  return keys;
};

describe('withDrizzleKit', () => {
  it("keeps drizzle-kit's prototype methods inside the call, on every call", async () => {
    for (let call = 0; call < 2; call++) {
      const inside = await withDrizzleKit(({ generateDrizzleJson }) => ({
        keys: keysOf(['title', 'value']),
        generated: typeof generateDrizzleJson({}, undefined, undefined, 'snake_case').id,
      }));
      expect(inside).toEqual({ keys: ['0', '1', 'random'], generated: 'string' });
      expect(keysOf(['title', 'value'])).toEqual(['0', '1']);
      expect(keysOf(new String('ab'))).toEqual(['0', '1']);
    }
  });
});

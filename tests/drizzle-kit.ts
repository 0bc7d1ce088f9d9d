// drizzle-kit's API for the tests that generate DDL in their own process (tests/unit/derive-tables,
// tests/api/store-scope), with its side effect kept to the call. Importing drizzle-kit/api assigns
// methods to String.prototype and Array.prototype (trimChar, camelCase, random, ...), enumerable, so
// every array of the process gains an inherited `random` key. The API tests share one process per
// worker (isolate: false), and fast-json-stringify copies a response schema's `required` array with
// for…in: a `random` hole in it broke a later file's first serialization of that schema (CI, stop 55:
// "Cannot read properties of undefined (reading 'replace')" in Ajv). So the methods are there only
// while drizzle-kit works, and gone again after.
type DrizzleKit = typeof import('drizzle-kit/api');

const PROTOTYPES = [String.prototype, Array.prototype, Object.prototype, Number.prototype] as const;

/** The properties drizzle-kit added to each prototype, kept aside while it is not working. */
let added: Map<object, Map<PropertyKey, PropertyDescriptor>> | null = null;
let kit: DrizzleKit | null = null;

const install = (on: boolean): void => {
  for (const [proto, props] of added ?? []) {
    for (const [key, descriptor] of props) {
      if (on) Object.defineProperty(proto, key, descriptor);
      else delete (proto as Record<PropertyKey, unknown>)[key];
    }
  }
};

/** Runs `fn` with drizzle-kit's API; its prototype methods exist only for the call. */
export const withDrizzleKit = async <T>(fn: (api: DrizzleKit) => T | Promise<T>): Promise<T> => {
  if (!kit) {
    const before = PROTOTYPES.map((p) => new Set(Reflect.ownKeys(p)));
    kit = await import('drizzle-kit/api');
    added = new Map(
      PROTOTYPES.map((proto, i) => [
        proto,
        new Map(
          Reflect.ownKeys(proto)
            .filter((key) => !before[i]?.has(key))
            .map((key) => [key, Object.getOwnPropertyDescriptor(proto, key) as PropertyDescriptor]),
        ),
      ]),
    );
  } else install(true);
  try {
    return await fn(kit);
  } finally {
    install(false);
  }
};

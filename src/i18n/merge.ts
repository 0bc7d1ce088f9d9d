// Deep merge of message trees, later words over earlier ones. Its own module so the bundle (en.ts) and
// the provider can both use it without importing each other.
export type Messages = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Messages =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const mergeMessages = (base: Messages, extra: Messages): Messages => {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] = isPlainObject(current) && isPlainObject(value) ? mergeMessages(current, value) : value;
  }
  return out;
};

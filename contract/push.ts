// The placeholders a push notification's title and body may use, and how a message is filled in for
// one member. Shared by the server (refusing an unknown placeholder when a push or template is saved,
// filling each member's message when it is sent) and the portal (the live preview).

/** `{name}`-style placeholders and what each is filled with for a member. */
export const PUSH_PLACEHOLDERS = ['name', 'mobile', 'brand', 'company', 'stamps', 'vouchers'] as const;
export type PushPlaceholder = (typeof PUSH_PLACEHOLDERS)[number];

/** The values of one member's message. */
export type PushValues = Readonly<Record<PushPlaceholder, string>>;

/** `{word}`: letters, digits and underscores between braces. */
const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

const isPlaceholder = (name: string): name is PushPlaceholder =>
  (PUSH_PLACEHOLDERS as readonly string[]).includes(name);

/** The placeholders `text` names that the product does not know, each once, in order. */
export const unknownPlaceholders = (text: string): string[] => {
  const out: string[] = [];
  for (const [, name] of text.matchAll(PLACEHOLDER))
    if (name !== undefined && !isPlaceholder(name) && !out.includes(name)) out.push(name);
  return out;
};

/** `text` with every known placeholder replaced by the member's value. */
export const fillPlaceholders = (text: string, values: PushValues): string =>
  text.replace(PLACEHOLDER, (whole, name: string) => (isPlaceholder(name) ? values[name] : whole));

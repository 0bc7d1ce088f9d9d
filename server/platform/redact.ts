// What is cut out of any text before it is logged or stored as an error: a failed query's parameters
// (drizzle's message ends with "params: …", a password hash among them) and strings that look like
// secrets (argon2 hashes, Stripe keys, JWTs, PEM private keys, Apple Wallet pass tokens). Used by the log's error serializer
// (server/platform/http/logger.ts) and the job runner's recorded errors (server/platform/jobs.ts).
/** A failed query's text names its parameters ("params: …"): whatever follows is never logged. */
const QUERY_PARAMS = /(\n?\s*params:)[^\n]*/g;
/** Secrets that look like what they are, wherever they end up in a message. */
const SECRET_SHAPES = [
  // a Standard Webhooks secret (base64, so + / = too) and a signature header's value
  /\bwhsec_[A-Za-z0-9+/=]{8,}/g,
  /\bv1,[A-Za-z0-9+/=]{20,}/g,
  /\$argon2(id|i|d)\$[^\s,"'\]]*/g,
  /\b(sk|rk|pk|whsec)_(live|test)?_?[A-Za-z0-9]{8,}/g,
  /\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g,
  // a PEM private key (the wallet pass settings' signer and service account keys)
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  // an API key (contract/api-keys.ts: lk_ and 40 base64url characters)
  /\blk_[A-Za-z0-9_-]{40}/g,
  // Apple Wallet's per-pass authentication token
  /\bApplePass [A-Za-z0-9_-]{8,}/g,
];

export const scrub = (text: string): string => {
  let out = text.replace(QUERY_PARAMS, '$1 [Redacted]');
  for (const shape of SECRET_SHAPES) out = out.replace(shape, '[Redacted]');
  return out;
};

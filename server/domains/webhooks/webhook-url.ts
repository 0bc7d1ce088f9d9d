// Where a webhook may go (docs/api.md "Webhooks"): an absolute https URL (http to loopback only with
// WEBHOOK_ALLOW_LOOPBACK), no credentials, and every address its name resolves to public: not private,
// loopback, link-local or reserved. Checked when an endpoint is saved and again before each delivery.
import { isIP } from 'node:net';
import { addressRefusal, checkedAddress, EgressRefused, isLoopbackHost } from '../../platform/egress';
import { AppError } from '../../platform/errors';

const refuse = (message: string) => new AppError('WEBHOOK_URL_NOT_ALLOWED', [{ field: 'url', message }]);

const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');

/**
 * The URL checked without the network: absolute https (http only to loopback when
 * WEBHOOK_ALLOW_LOOPBACK), no credentials, and an address literal must be allowed (the platform's
 * egress guard, server/platform/egress.ts, judges it, IPv6 forms carrying an IPv4 address included).
 */
const parseWebhookUrl = (raw: string, allowLoopback: boolean): URL => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('is not an absolute URL');
  }
  if (url.username || url.password) throw refuse('may not carry credentials');
  const host = hostOf(url);
  const loopbackHost = isLoopbackHost(host);
  if (url.protocol === 'http:') {
    if (!(allowLoopback && loopbackHost))
      throw refuse(allowLoopback ? 'http is for loopback only: use https' : 'must be https');
  } else if (url.protocol !== 'https:') throw refuse('must be https');
  if (host === 'localhost' && !allowLoopback) throw refuse('is a loopback address');
  if (isIP(host) !== 0) {
    const why = addressRefusal(host, allowLoopback);
    if (why) throw refuse(`is ${why}`);
  }
  return url;
};

export interface Resolved {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** The URL's address, looked up now and checked: every address the name has must be allowed. */
export const resolveWebhookUrl = async (raw: string, allowLoopback: boolean): Promise<Resolved> => {
  const url = parseWebhookUrl(raw, allowLoopback);
  try {
    return { url, ...(await checkedAddress(hostOf(url), allowLoopback)) };
  } catch (err) {
    if (err instanceof EgressRefused) throw refuse(err.reason);
    throw err;
  }
};

/** Checks a URL as the create and update do: refused when it could never be delivered to. */
export const checkUrlForSave = async (raw: string, allowLoopback: boolean): Promise<string> => {
  const url = parseWebhookUrl(raw, allowLoopback);
  // a name that does not resolve now is kept (DNS may come later); each delivery checks again
  await resolveWebhookUrl(raw, allowLoopback).catch((err: unknown) => {
    if (err instanceof AppError && /resolves to/.test(JSON.stringify(err.data))) throw err;
  });
  return url.toString();
};

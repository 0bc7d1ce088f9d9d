// Where a webhook may go (docs/api.md "Webhooks"): an absolute https URL (http to loopback only with
// WEBHOOK_ALLOW_LOOPBACK), no credentials, and every address its name resolves to public: not private,
// loopback, link-local or reserved. Checked when an endpoint is saved and again before each delivery.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../platform/errors';

/** Addresses no webhook goes to: private, loopback, link-local, shared, unspecified, multicast… */
const FORBIDDEN = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  FORBIDDEN.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  FORBIDDEN.addSubnet(net, prefix, 'ipv6');
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** An IPv4 address mapped into IPv6 (::ffff:10.0.0.1) is judged as the IPv4 it is. */
const plainIp = (ip: string): { ip: string; family: 'ipv4' | 'ipv6' } => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return { ip: mapped[1], family: 'ipv4' };
  return { ip, family: isIP(ip) === 6 ? 'ipv6' : 'ipv4' };
};

const isLoopback = (ip: string): boolean => {
  const p = plainIp(ip);
  return LOOPBACK.check(p.ip, p.family);
};

/** Why an address may not be a webhook's, or null when it may. */
export const addressRefusal = (ip: string, allowLoopback: boolean): string | null => {
  const p = plainIp(ip);
  if (LOOPBACK.check(p.ip, p.family)) return allowLoopback ? null : 'a loopback address';
  if (FORBIDDEN.check(p.ip, p.family)) return 'a private, link-local or reserved address';
  return null;
};

const refuse = (message: string) => new AppError('WEBHOOK_URL_NOT_ALLOWED', [{ field: 'url', message }]);

const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');

/**
 * The URL checked without the network: absolute https (http only to loopback when
 * WEBHOOK_ALLOW_LOOPBACK), no credentials, and an address literal must be allowed.
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
  const literal = isIP(host) !== 0;
  const loopbackHost = host === 'localhost' || (literal && isLoopback(host));
  if (url.protocol === 'http:') {
    if (!(allowLoopback && loopbackHost))
      throw refuse(allowLoopback ? 'http is for loopback only: use https' : 'must be https');
  } else if (url.protocol !== 'https:') throw refuse('must be https');
  if (host === 'localhost' && !allowLoopback) throw refuse('is a loopback address');
  if (literal) {
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
  const host = hostOf(url);
  const literal = isIP(host);
  if (literal !== 0) return { url, address: host, family: literal === 6 ? 6 : 4 };
  let found: { address: string; family: number }[];
  try {
    found = await lookup(host, { all: true });
  } catch {
    throw refuse('does not resolve');
  }
  for (const a of found) {
    const why = addressRefusal(a.address, allowLoopback);
    if (why) throw refuse(`resolves to ${why}`);
  }
  const first = found[0];
  if (!first) throw refuse('does not resolve');
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
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

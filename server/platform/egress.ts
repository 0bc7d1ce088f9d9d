// The server's one guard on where its own outbound requests may go (issue 41 F11): to addresses
// someone typed (webhook deliveries, the wallet pass's logo) and to the providers the configuration
// names (Stripe, Apple's push service, Firebase: `providerAgent`, `guardedLookup`). An address is judged as what it reaches:
// only public unicast passes; loopback only where the caller allows it (WEBHOOK_ALLOW_LOOPBACK, for
// tests and local receivers). IPv6 forms that carry an IPv4 address (mapped ::ffff:a.b.c.d, the
// deprecated ::a.b.c.d, SIIT ::ffff:0:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged as that
// IPv4 address; Teredo and NAT64's local-use prefix are refused outright. Names are resolved once and
// every address they have must pass; the connection then goes to the address that was checked
// (`pinnedLookup`), so a name cannot be re-pointed between the check and the request.
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

const PRIVATE = 'a private, link-local or reserved address';
const LOOPBACK = 'a loopback address';

/** The IPv4 address an IPv6 address carries, or null when it carries none; 'refuse' for tunnels. */
const embeddedIpv4 = (v6: ipaddr.IPv6): ipaddr.IPv4 | 'refuse' | null => {
  const p = v6.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  const last = () => v4(p[6] ?? 0, p[7] ?? 0);
  switch (v6.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return last();
    case 'rfc6052':
      // 64:ff9b::/96 carries it in its last 32 bits; 64:ff9b:1::/48 is for local use
      return p[2] === 0 ? last() : 'refuse';
    case '6to4':
      return v4(p[1] ?? 0, p[2] ?? 0);
    case 'teredo':
      return 'refuse';
    default:
      // IPv4-compatible ::a.b.c.d (deprecated): the first 96 bits zero, and not :: or ::1
      return p.slice(0, 6).every((x) => x === 0) && ((p[6] ?? 0) !== 0 || (p[7] ?? 0) > 1) ? last() : null;
  }
};

/** Why an outbound request may not go to the address `ip`, or null when it may. */
export const addressRefusal = (ip: string, allowLoopback: boolean): string | null => {
  if (!ipaddr.isValid(ip)) return PRIVATE;
  let addr: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6') {
    const inner = embeddedIpv4(addr as ipaddr.IPv6);
    if (inner === 'refuse') return PRIVATE;
    if (inner) addr = inner;
  }
  const range = addr.range();
  if (range === 'loopback') return allowLoopback ? null : LOOPBACK;
  return range === 'unicast' ? null : PRIVATE;
};

/** Is `host` (a name or an address literal) a loopback address or the name localhost? */
export const isLoopbackHost = (host: string): boolean =>
  host === 'localhost' || (ipaddr.isValid(host) && addressRefusal(host, false) === LOOPBACK);

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** An egress refusal: `reason` says why, in words for the one who typed the address. */
export class EgressRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'EgressRefused';
  }
}

/**
 * The address `host` reaches, checked: a literal is judged as it is; a name is looked up and every
 * address it has must pass. Throws EgressRefused ("is a loopback address", "resolves to …",
 * "does not resolve").
 */
export const checkedAddress = async (host: string, allowLoopback: boolean): Promise<CheckedAddress> => {
  const bare = host.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(bare)) {
    const why = addressRefusal(bare, allowLoopback);
    if (why) throw new EgressRefused(`is ${why}`);
    return { address: bare, family: ipaddr.parse(bare).kind() === 'ipv6' ? 6 : 4 };
  }
  if (bare === 'localhost' && !allowLoopback) throw new EgressRefused(`is ${LOOPBACK}`);
  let found: { address: string; family: number }[];
  try {
    found = await lookup(bare, { all: true });
  } catch {
    throw new EgressRefused('does not resolve');
  }
  for (const a of found) {
    const why = addressRefusal(a.address, allowLoopback);
    if (why) throw new EgressRefused(`resolves to ${why}`);
  }
  const first = found[0];
  if (!first) throw new EgressRefused('does not resolve');
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
};

/** A lookup that answers the checked address whatever DNS says now (for http.request's `lookup`). */
export const pinnedLookup =
  (target: CheckedAddress): LookupFunction =>
  (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all) cb(null, [{ address: target.address, family: target.family }]);
    else cb(null, target.address, target.family);
  };

/**
 * A `lookup` for the connections to a provider the configuration names (Stripe, Apple's push service,
 * Firebase and Google's APIs): every address the name resolves to at connection time is judged, so a
 * provider's name that comes to point at a private address (a DNS rebinding, a poisoned resolver)
 * connects nowhere. `allowLoopback` is for a configured URL that is itself a loopback one (a local
 * stand-in: tests, development).
 */
export const guardedLookup =
  (allowLoopback: boolean): LookupFunction =>
  (host, opts, cb) => {
    checkedAddress(host, allowLoopback).then(
      (target) => pinnedLookup(target)(host, opts, cb),
      (err: unknown) => cb(err as NodeJS.ErrnoException, '', 4),
    );
  };

/**
 * The agent for a provider at `raw` (a URL the configuration names): its address literal judged now,
 * a name judged at every connection (guardedLookup). Throws EgressRefused for a literal it may not
 * reach. Loopback is allowed only when the configured host is one.
 */
export const providerAgent = (raw: string): http.Agent => {
  const options = { keepAlive: true, lookup: providerLookup(raw) };
  return new URL(raw).protocol === 'http:' ? new http.Agent(options) : new https.Agent(options);
};

/** The `lookup` for a connection of its own to a provider at `raw` (HTTP/2), as providerAgent judges. */
export const providerLookup = (raw: string): LookupFunction => {
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  const allowLoopback = isLoopbackHost(host);
  if (ipaddr.isValid(host)) {
    const why = addressRefusal(host, allowLoopback);
    if (why) throw new EgressRefused(`${raw} is ${why}`);
  }
  return guardedLookup(allowLoopback);
};

/**
 * GET `raw` (http or https) through the guard: the address checked and pinned, no redirect followed,
 * at most `maxBytes` read within `timeoutMs`. Answers the status and the bytes; throws EgressRefused
 * for an address it may not reach, and the network's error otherwise.
 */
export const guardedGet = async (
  raw: string,
  {
    allowLoopback = false,
    timeoutMs,
    maxBytes,
  }: { allowLoopback?: boolean; timeoutMs: number; maxBytes: number },
): Promise<{ status: number; body: Buffer }> => {
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new EgressRefused('must be http or https');
  if (url.username || url.password) throw new EgressRefused('may not carry credentials');
  const target = await checkedAddress(url.hostname, allowLoopback);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, { method: 'GET', agent: false, lookup: pinnedLookup(target) }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          res.destroy();
          resolve({ status: res.statusCode ?? 0, body: Buffer.alloc(0) });
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    req.on('error', reject);
    req.end();
  });
};

// The server's egress guard (server/platform/egress.ts, issue 41 F11): where an outbound request to
// an address someone typed may go. Every IPv6 form that carries an IPv4 address is judged as that
// address, so none of them reaches loopback, a private network or the cloud's metadata address. The
// providers' connections (Stripe, APNs, Firebase) go through it too.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  addressRefusal,
  checkedAddress,
  EgressRefused,
  isLoopbackHost,
  providerAgent,
  providerLookup,
} from '../../server/platform/egress';

const PRIVATE = 'a private, link-local or reserved address';
const LOOPBACK = 'a loopback address';

describe('the egress guard', () => {
  it.each([
    ['::127.0.0.1', LOOPBACK],
    ['::7f00:1', LOOPBACK],
    ['::ffff:127.0.0.1', LOOPBACK],
    ['::ffff:7f00:1', LOOPBACK],
    ['::ffff:0:7f00:1', LOOPBACK],
    ['::ffff:0:127.0.0.1', LOOPBACK],
    ['64:ff9b::a9fe:a9fe', PRIVATE],
    ['64:ff9b::7f00:1', LOOPBACK],
    ['64:ff9b:1::a9fe:a9fe', PRIVATE],
    ['2002:7f00:1::', LOOPBACK],
    ['2002:a9fe:a9fe::1', PRIVATE],
    ['2002:c0a8:101::', PRIVATE],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', PRIVATE],
    ['::ffff:10.0.0.1', PRIVATE],
    ['::1', LOOPBACK],
    ['::', PRIVATE],
    ['fe80::1', PRIVATE],
    ['fd00::1', PRIVATE],
    ['127.0.0.1', LOOPBACK],
    ['169.254.169.254', PRIVATE],
    ['10.1.2.3', PRIVATE],
    ['172.16.0.1', PRIVATE],
    ['192.168.1.1', PRIVATE],
    ['100.64.0.1', PRIVATE],
    ['0.0.0.0', PRIVATE],
    ['224.0.0.1', PRIVATE],
    ['not an address', PRIVATE],
  ])('refuses %s as %s', (ip, why) => {
    expect(addressRefusal(ip, false)).toBe(why);
  });

  it.each([
    '93.184.216.34',
    '2606:2800:220:1:248:1893:25c8:1946',
    '::ffff:93.184.216.34',
    '64:ff9b::5db8:d822',
    '2002:5db8:d822::1',
  ])('lets the public address %s through', (ip) => {
    expect(addressRefusal(ip, false)).toBeNull();
  });

  it('lets loopback through only where it is allowed, in every form', () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:7f00:1', '2002:7f00:1::'])
      expect(addressRefusal(ip, true)).toBeNull();
    expect(addressRefusal('169.254.169.254', true)).toBe(PRIVATE);
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('::ffff:7f00:1')).toBe(true);
    expect(isLoopbackHost('example.com')).toBe(false);
  });

  it('judges a bracketed literal as the address it is, without asking DNS', async () => {
    await expect(checkedAddress('[::ffff:0:7f00:1]', false)).rejects.toThrow('is a loopback address');
    await expect(checkedAddress('[64:ff9b::a9fe:a9fe]', false)).rejects.toThrow(`is ${PRIVATE}`);
    await expect(checkedAddress('93.184.216.34', false)).resolves.toEqual({
      address: '93.184.216.34',
      family: 4,
    });
  });
});

describe("the providers' connections", () => {
  it('refuses a configured provider URL that is a private or link-local address', () => {
    expect(() => providerAgent('https://10.0.0.7')).toThrow(EgressRefused);
    expect(() => providerAgent('https://[::ffff:169.254.169.254]')).toThrow(EgressRefused);
    expect(() => providerLookup('https://192.168.1.1:2197')).toThrow(EgressRefused);
    // a local stand-in the configuration names on purpose
    expect(providerAgent('http://127.0.0.1:12111')).toBeInstanceOf(http.Agent);
  });

  it('judges every connection: a provider name that comes to resolve to loopback connects nowhere', async () => {
    const server = http.createServer((_req, res) => res.end('reached'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const get = (agent: http.Agent) =>
      new Promise<string>((resolve, reject) => {
        http
          .get(`http://localhost:${port}/`, { agent }, (res) => {
            res.setEncoding('utf8');
            let body = '';
            res.on('data', (c: string) => {
              body += c;
            });
            res.on('end', () => resolve(body));
          })
          .on('error', reject);
      });
    try {
      // what Stripe's client gets for https://api.stripe.com, here over http to reach the test's server
      await expect(get(providerAgent('http://api.stripe.test'))).rejects.toThrow(/loopback/);
      expect(await get(providerAgent('http://localhost:1'))).toBe('reached');
    } finally {
      server.close();
    }
  });
});

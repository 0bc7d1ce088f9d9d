// The APNs notifier of wallet pass updates against a local stand-in of Apple's push service: HTTP/2
// over TLS on 127.0.0.1, asking for a client certificate. It sees the pass certificate as the client
// identity, one POST /3/device/{pushToken} per notice with apns-topic the pass type identifier and an
// empty JSON payload; its answers map to SENT, a dead token (410) and a retry (503).
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apnsNotifier } from '../../server/domains/pocket/pass-notifier';
import { makePassCertificates, makeServerCertificate, type PassCertificates } from './wallet-certs';

const PASS_TYPE = 'pass.test.apns';
let certs: PassCertificates;
let server: Http2SecureServer;
let url: string;
const seen: { path: string; topic: string; body: string; client: string }[] = [];

beforeAll(async () => {
  certs = makePassCertificates(PASS_TYPE, 'APNS123456');
  const tls = makeServerCertificate(certs.root);
  server = createSecureServer({
    cert: tls.certPem,
    key: tls.keyPem,
    requestCert: true,
    rejectUnauthorized: false,
  });
  server.on('stream', (stream, headers) => {
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (d: string) => {
      body += d;
    });
    stream.on('end', () => {
      const path = String(headers[':path']);
      const socket = stream.session?.socket as TLSSocket | undefined;
      seen.push({
        path,
        topic: String(headers['apns-topic']),
        body,
        client: String(socket?.getPeerCertificate().subject?.CN ?? ''),
      });
      const token = path.split('/').at(-1);
      if (token === 'gone-token') {
        stream.respond({ ':status': 410, 'content-type': 'application/json' });
        stream.end(JSON.stringify({ reason: 'Unregistered' }));
      } else if (token === 'busy-token') {
        stream.respond({ ':status': 503 });
        stream.end(JSON.stringify({ reason: 'ServiceUnavailable' }));
      } else {
        stream.respond({ ':status': 200 });
        stream.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the APNs notifier', () => {
  it('posts an empty payload per device on the pass type topic, as the pass certificate', async () => {
    const notifier = apnsNotifier(
      url,
      {
        passTypeIdentifier: PASS_TYPE,
        teamIdentifier: 'APNS123456',
        signerCertPem: certs.signer.certPem,
        signerKeyPem: certs.encryptedSignerKeyPem,
        signerKeyPassphrase: certs.passphrase,
        wwdrPem: certs.wwdr.certPem,
      },
      certs.root.certPem,
    );
    const outcomes = await notifier.send([
      { id: 1, pushToken: 'ok-token', passTypeId: PASS_TYPE },
      { id: 2, pushToken: 'gone-token', passTypeId: PASS_TYPE },
      { id: 3, pushToken: 'busy-token', passTypeId: PASS_TYPE },
    ]);
    await notifier.close?.();
    expect(outcomes).toEqual([
      { id: 1, state: 'SENT' },
      { id: 2, state: 'FAILED', error: 'APNs 410 Unregistered', tokenGone: true },
      { id: 3, state: 'RETRY', error: 'APNs 503 ServiceUnavailable' },
    ]);
    expect(seen.map((s) => s.path).sort()).toEqual([
      '/3/device/busy-token',
      '/3/device/gone-token',
      '/3/device/ok-token',
    ]);
    for (const s of seen) {
      expect(s.topic).toBe(PASS_TYPE);
      expect(s.body).toBe('{}');
      expect(s.client).toBe(`Pass Type ID: ${PASS_TYPE}`);
    }
  });

  it('answers a retry for every notice when the service cannot be reached', async () => {
    const notifier = apnsNotifier('https://127.0.0.1:9', {
      passTypeIdentifier: PASS_TYPE,
      teamIdentifier: 'APNS123456',
      signerCertPem: certs.signer.certPem,
      signerKeyPem: certs.signer.keyPem,
      signerKeyPassphrase: undefined,
      wwdrPem: certs.wwdr.certPem,
    });
    const outcomes = await notifier.send([{ id: 7, pushToken: 'any', passTypeId: PASS_TYPE }]);
    await notifier.close?.();
    expect(outcomes).toEqual([expect.objectContaining({ id: 7, state: 'RETRY' })]);
  });
});

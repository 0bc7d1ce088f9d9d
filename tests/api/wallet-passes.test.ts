// Wallet passes through the API (issue 26 item 2), with certificates the test makes (a root, a WWDR
// stand-in, a pass signer; tests/api/wallet-certs.ts): without settings no button and no pass; the
// operator's settings (merchants refused, bad PEM named by field, secrets never answered back nor
// stored in clear); the .pkpass (every file in manifest.json with its SHA-1, the detached PKCS#7
// signature over manifest.json by the signer, pass.json's serial, barcode, stamps and web service);
// Apple's PassKit web service (register, updated since a tag after a stamping, the latest pass with
// Last-Modified and 304, unregister, 401 on a bad token) and its update notices after a stamping, a
// void and an expiry; Google's save link (a JWT verified with the service account's public key).
import { createHash, createPublicKey, verify as verifySignature, X509Certificate } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import forge from 'node-forge';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicCardView } from '../../contract/pocket';
import {
  GOOGLE_SAVE_URL,
  PKPASS_MEDIA_TYPE,
  type WalletPassSettingsView,
} from '../../contract/wallet-passes';
import type { PassNotice, PassUpdateNotifier } from '../../server/domains/pocket/pass-notifier';
import { TOKENS_PER_CARD } from '../../server/domains/pocket/passes';
import { expireDueMemberCards } from '../../server/domains/stamping/card-expiry';
import { jobHandlers } from '../../server/jobs';
import {
  auditLog,
  walletPassNotices,
  walletPassRegistrations,
  walletPassSettings,
  walletPassTokens,
} from '../../server/platform/db/schema';
import { createJobRunner, type JobLog } from '../../server/platform/jobs';
import { addOrg, addRewardProgramme, addUser, apiSuite, MAIN, mobileSequence, type Org } from './fixtures';
import { APP_TIMEOUT, captureLogs, codeOf, dataOf } from './helpers';
import { makePassCertificates, makeRsaKey, type PassCertificates } from './wallet-certs';

const PASS_TYPE = 'pass.test.loyalty.cards';
const TEAM = 'ABCDE12345';
const SETTINGS = `${MAIN}/wallet-pass-settings`;
const PASSKIT = `${MAIN}/passkit/v1`;

let logs: Awaited<ReturnType<typeof captureLogs>>;
const { t, tokens, call } = apiSuite(async () => {
  logs = await captureLogs();
  return { logStream: logs.stream };
});
let acme: Org;
let programmeId: number;
let certs: PassCertificates;
let google: { privatePem: string; publicPem: string };

const nextMobile = mobileSequence('94');
let ipSeq = 0;
/** each public call from an address of its own: the per-IP limits are not what this file tests */
const nextIp = () => `203.0.113.${(++ipSeq % 250) + 1}`;

interface Card {
  id: number;
  code: string;
}

const quiet: JobLog = { info: () => {}, warn: () => {}, error: () => {} };
/** A notifier that records what it was asked to send. */
const recording = () => {
  const sent: PassNotice[] = [];
  const notifier: PassUpdateNotifier = {
    name: 'test',
    send: async (notices) => {
      sent.push(...notices);
      return notices.map((n) => ({ id: n.id, state: 'SENT' as const }));
    },
  };
  return { sent, notifier };
};
const drain = async (notifier?: PassUpdateNotifier) => {
  const r = createJobRunner({
    db: t.db,
    log: quiet,
    handlers: jobHandlers({ config: t.config, ...(notifier ? { passNotifier: notifier } : {}) }),
    instanceId: 'wallet',
  });
  while ((await r.runDue(new Date(Date.now() + 5_000))) > 0) {
    /* again */
  }
};

const issueCard = async () =>
  dataOf(
    await call('owner', 'POST', `${MAIN}/stamp-cards/${programmeId}/member-cards`, {
      memberMobile: nextMobile(),
      storeId: acme.storeId,
    }),
  ) as Card;
const linkOf = async (cardId: number) =>
  (dataOf(await call('owner', 'GET', `${MAIN}/member-cards/${cardId}/link`)) as { token: string }).token;
const publicGet = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `${MAIN}${path}`, remoteAddress: nextIp(), headers });
const cardView = async (token: string) => dataOf(await publicGet(`/public/cards/${token}`)) as PublicCardView;
const passkit = (
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  token: string | null,
  payload?: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `${PASSKIT}${path}`,
    remoteAddress: nextIp(),
    headers: { ...(token === null ? {} : { authorization: `ApplePass ${token}` }), ...headers },
    ...(payload ? { payload } : {}),
  });

const appleSettings = () => ({
  applePassTypeIdentifier: PASS_TYPE,
  appleTeamIdentifier: TEAM,
  appleSignerCertPem: certs.signer.certPem,
  appleSignerKeyPem: certs.encryptedSignerKeyPem,
  appleSignerKeyPassphrase: certs.passphrase,
  appleWwdrCertPem: certs.wwdr.certPem,
});
const googleSettings = () => ({
  googleIssuerId: '3388000000012345678',
  googleServiceAccountEmail: 'wallet@loyalty-test.iam.gserviceaccount.com',
  googlePrivateKeyPem: google.privatePem,
});
const putSettings = (body: Record<string, unknown>, who = 'op') => call(who, 'PUT', SETTINGS, body);

// ---- reading a .pkpass ---------------------------------------------------------------------------

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

/** The files of a .pkpass, its pass.json and manifest. */
const openPass = (body: Buffer) => {
  const files = unzipSync(new Uint8Array(body));
  return {
    files,
    pass: JSON.parse(text(files['pass.json'])) as Record<string, unknown> & {
      serialNumber: string;
      authenticationToken: string;
      webServiceURL: string;
      barcodes: { format: string; message: string }[];
      storeCard: {
        primaryFields: { key: string; value: string }[];
        secondaryFields: { key: string; value: string }[];
      };
    },
    manifest: JSON.parse(text(files['manifest.json'])) as Record<string, string>,
  };
};

const OID_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const DIGESTS: Record<string, string> = {
  [forge.pki.oids.sha256 ?? '2.16.840.1.101.3.4.2.1']: 'sha256',
  [forge.pki.oids.sha1 ?? '1.3.14.3.2.26']: 'sha1',
};

/**
 * Verifies the detached PKCS#7 `signature` over `content`: the signer info's message digest is the
 * content's, its signature over the signed attributes holds under the signer certificate's key, and
 * that certificate (carried in the signature, with the WWDR stand-in) chains to the test root.
 * Answers the signer certificate's subject.
 */
const verifyDetached = (signature: Uint8Array, content: Uint8Array): string => {
  const asn1 = forge.asn1.fromDer(forge.util.binary.raw.encode(signature));
  const msg = forge.pkcs7.messageFromAsn1(asn1) as forge.pkcs7.PkcsSignedData & {
    rawCapture: { signerInfos: forge.asn1.Asn1[] };
  };
  /** the n-th child of an ASN.1 node (throws when there is none) */
  const child = (node: forge.asn1.Asn1 | undefined, n: number): forge.asn1.Asn1 => {
    const kids = node?.value;
    const found = Array.isArray(kids) ? kids[n] : undefined;
    if (!found) throw new Error(`no ASN.1 child ${n}`);
    return found;
  };
  const bytesOf = (node: forge.asn1.Asn1): string => {
    if (typeof node.value !== 'string') throw new Error('not a primitive ASN.1 value');
    return node.value;
  };
  const signer = msg.rawCapture.signerInfos[0];
  if (!signer || !Array.isArray(signer.value)) throw new Error('no signer info');
  const parts = signer.value as forge.asn1.Asn1[];
  const digestOid = forge.asn1.derToOid(bytesOf(child(child(signer, 2), 0)));
  const digest = DIGESTS[digestOid];
  if (!digest) throw new Error(`unknown digest ${digestOid}`);
  const attrsAt = parts.findIndex((p) => p.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && p.type === 0);
  const attrs = parts[attrsAt];
  if (!attrs) throw new Error('no signed attributes');
  const encryptedDigest = child(signer, attrsAt + 2);
  // the message digest attribute is the content's digest
  const md = (attrs.value as forge.asn1.Asn1[]).find(
    (a) => forge.asn1.derToOid(bytesOf(child(a, 0))) === OID_MESSAGE_DIGEST,
  );
  const mdValue = bytesOf(child(child(md, 1), 0));
  expect(Buffer.from(mdValue, 'binary').toString('hex')).toBe(
    createHash(digest).update(content).digest('hex'),
  );
  // the signature covers the attributes DER-encoded as a SET
  const set = forge.asn1.create(
    forge.asn1.Class.UNIVERSAL,
    forge.asn1.Type.SET,
    true,
    attrs.value as forge.asn1.Asn1[],
  );
  const signedBytes = Buffer.from(forge.asn1.toDer(set).getBytes(), 'binary');
  const signerCert = msg.certificates.find(
    (c) => c.subject.getField('CN')?.value === `Pass Type ID: ${PASS_TYPE}`,
  );
  if (!signerCert) throw new Error('the signer certificate is not in the signature');
  const signerPem = forge.pki.certificateToPem(signerCert);
  expect(
    verifySignature(
      digest,
      signedBytes,
      createPublicKey(signerPem),
      Buffer.from(bytesOf(encryptedDigest), 'binary'),
    ),
  ).toBe(true);
  // the chain: signer ← WWDR stand-in ← root
  const x509 = new X509Certificate(signerPem);
  const wwdr = new X509Certificate(certs.wwdr.certPem);
  expect(x509.verify(wwdr.publicKey)).toBe(true);
  expect(wwdr.verify(new X509Certificate(certs.root.certPem).publicKey)).toBe(true);
  expect(msg.certificates.map((c) => c.subject.getField('CN')?.value)).toContain(
    'Test Worldwide Developer Relations',
  );
  return x509.subject;
};

/** PNG's signature and its IHDR size. */
const pngSize = (bytes: Uint8Array | undefined) => {
  const b = Buffer.from(bytes ?? new Uint8Array());
  expect(b.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
};

beforeAll(async () => {
  certs = makePassCertificates(PASS_TYPE, TEAM);
  google = makeRsaKey();
  acme = await addOrg(t, 'Acme');
  await addUser(t, tokens, 'op', { type: 'OPERATOR' });
  await addUser(t, tokens, 'owner', { type: 'MERCHANT', companyId: acme.companyId });
  ({ programmeId } = await addRewardProgramme(call, 'owner', acme, {
    pack: { quantity: 1000 },
    programme: { description: 'Five coffees, one free' },
  }));
}, APP_TIMEOUT);

describe('without settings', () => {
  it('offers no wallet button, no pass and no web service', async () => {
    const view = dataOf(await call('op', 'GET', SETTINGS)) as WalletPassSettingsView;
    expect(view).toEqual({
      apple: {
        configured: false,
        passTypeIdentifier: null,
        teamIdentifier: null,
        signerCert: null,
        signerKeySet: false,
        signerKeyPassphraseSet: false,
        wwdrCert: null,
      },
      google: { configured: false, issuerId: null, serviceAccountEmail: null, privateKeySet: false },
    });
    const card = await issueCard();
    const token = await linkOf(card.id);
    expect((await cardView(token)).wallet).toEqual({ applePassUrl: null, googleSaveUrl: null });
    expect(codeOf(await publicGet(`/public/cards/${token}/pass.pkpass`))).toEqual({ status: 404, code: 5 });
    expect((await passkit('GET', `/passes/${PASS_TYPE}/${card.id}`, 'a'.repeat(32))).statusCode).toBe(404);
    expect((await passkit('GET', `/devices/dev1/registrations/${PASS_TYPE}`, null)).statusCode).toBe(404);
  });
});

describe('the settings', () => {
  it('are operators only', async () => {
    expect(codeOf(await call('owner', 'GET', SETTINGS))).toEqual({ status: 403, code: 26237 });
    expect(codeOf(await putSettings(appleSettings(), 'owner'))).toEqual({ status: 403, code: 26237 });
    expect(codeOf(await call(null, 'GET', SETTINGS)).status).toBe(401);
  });

  it('refuse what cannot sign, naming the field, and store nothing then', async () => {
    const other = makePassCertificates('pass.test.other', TEAM);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...appleSettings(), appleSignerCertPem: 'not a certificate' }, 'appleSignerCertPem'],
      [{ ...appleSettings(), appleWwdrCertPem: certs.signer.keyPem }, 'appleWwdrCertPem'],
      [{ ...appleSettings(), appleSignerKeyPem: 'garbage' }, 'appleSignerKeyPem'],
      [{ ...appleSettings(), appleSignerKeyPassphrase: null }, 'appleSignerKeyPassphrase'],
      [{ ...appleSettings(), appleSignerKeyPassphrase: 'wrong' }, 'appleSignerKeyPassphrase'],
      [
        { ...appleSettings(), appleSignerKeyPem: other.signer.keyPem, appleSignerKeyPassphrase: null },
        'appleSignerKeyPem',
      ],
      [{ ...appleSettings(), applePassTypeIdentifier: 'com.example' }, 'applePassTypeIdentifier'],
      [{ ...appleSettings(), appleTeamIdentifier: 'abc' }, 'appleTeamIdentifier'],
      [{ googlePrivateKeyPem: 'nope' }, 'googlePrivateKeyPem'],
      [{ googleServiceAccountEmail: 'not-an-email' }, 'googleServiceAccountEmail'],
      [{ googleIssuerId: 'abc' }, 'googleIssuerId'],
      [{ appleSignerCertPem: 'x'.repeat(20_001) }, 'appleSignerCertPem'],
    ];
    for (const [body, field] of cases) {
      const res = await putSettings(body);
      expect(codeOf(res), field).toEqual({ status: 400, code: 2 });
      expect(JSON.stringify(res.json().data), field).toContain(field);
    }
    expect(codeOf(await putSettings({ unknown: 'x' }))).toEqual({ status: 400, code: 2 });
    expect(await t.db.select().from(walletPassSettings)).toEqual([]);
  });
});

describe('Apple Wallet', () => {
  let card: Card;
  let link: string;
  let authToken: string;
  let lastModified: string;
  let tag: string;

  it('is configured through the route, which answers what is set and never a secret', async () => {
    const res = await putSettings(appleSettings());
    const view = dataOf(res) as WalletPassSettingsView;
    expect(view.apple).toMatchObject({
      configured: true,
      passTypeIdentifier: PASS_TYPE,
      teamIdentifier: TEAM,
      signerKeySet: true,
      signerKeyPassphraseSet: true,
      signerCert: { subject: expect.stringContaining(`CN=Pass Type ID: ${PASS_TYPE}`), expired: false },
      wwdrCert: { subject: expect.stringContaining('CN=Test Worldwide Developer Relations') },
    });
    expect(new Date(view.apple.signerCert?.notAfter ?? 0).getTime()).toBeGreaterThan(Date.now());
    const got = await call('op', 'GET', SETTINGS);
    expect(dataOf(got)).toEqual(view);
    // nothing secret in either answer, nor in clear in the table
    const stored = JSON.stringify(await t.db.select().from(walletPassSettings));
    for (const secret of [
      certs.encryptedSignerKeyPem,
      certs.passphrase,
      certs.signer.certPem,
      certs.wwdr.certPem,
    ]) {
      const probe = secret.split('\n')[1] ?? secret;
      expect(res.body).not.toContain(probe);
      expect(got.body).not.toContain(probe);
      expect(stored).not.toContain(probe);
    }
    expect(stored).not.toContain(certs.passphrase);
    // the audit names the fields, not their values
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.resource, 'walletPassSettings'));
    expect(audit?.after).toEqual({
      changed: expect.arrayContaining(['appleSignerKeyPem', 'appleSignerKeyPassphrase']),
    });
    expect(JSON.stringify(audit)).not.toContain(certs.passphrase);
  });

  it('gives a card a signed pass: every file in the manifest, the signature over it, the card in pass.json', async () => {
    card = await issueCard();
    link = await linkOf(card.id);
    const view = await cardView(link);
    expect(view.wallet.applePassUrl).toBe(`${t.config.publicUrl}${MAIN}/public/cards/${link}/pass.pkpass`);
    expect(view.wallet.googleSaveUrl).toBeNull();

    const res = await publicGet(`/public/cards/${link}/pass.pkpass`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(PKPASS_MEDIA_TYPE);
    const { files, pass, manifest } = openPass(res.rawPayload);
    const names = Object.keys(files).sort();
    expect(names).toEqual(
      [
        'icon.png',
        'icon@2x.png',
        'icon@3x.png',
        'logo.png',
        'logo@2x.png',
        'manifest.json',
        'pass.json',
        'signature',
      ].sort(),
    );
    expect(Object.keys(manifest).sort()).toEqual(
      names.filter((n) => n !== 'manifest.json' && n !== 'signature'),
    );
    for (const [name, sha1] of Object.entries(manifest))
      expect(
        createHash('sha1')
          .update(files[name] ?? new Uint8Array())
          .digest('hex'),
        name,
      ).toBe(sha1);
    const manifestBytes = files['manifest.json'];
    const signature = files.signature;
    if (!manifestBytes || !signature) throw new Error('no manifest or signature');
    expect(verifyDetached(signature, manifestBytes)).toContain(`CN=Pass Type ID: ${PASS_TYPE}`);
    // a tampered manifest no longer matches the signature's digest
    expect(() => verifyDetached(signature, new TextEncoder().encode('{}'))).toThrow();
    expect(pngSize(files['icon.png'])).toEqual([29, 29]);
    expect(pngSize(files['icon@3x.png'])).toEqual([87, 87]);

    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: PASS_TYPE,
      teamIdentifier: TEAM,
      serialNumber: String(card.id),
      organizationName: 'Acme Brand',
      webServiceURL: `${t.config.publicUrl}${MAIN}/passkit`,
      barcodes: [{ format: 'PKBarcodeFormatQR', message: card.code }],
    });
    expect(pass.storeCard.primaryFields).toEqual([
      expect.objectContaining({ key: 'stamps', value: '0 / 5' }),
    ]);
    expect(pass.storeCard.secondaryFields).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'reward', value: 'Free coffee (SGD 4.50)' })]),
    );
    expect(pass.authenticationToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    authToken = pass.authenticationToken;
    // stored hashed only
    const stored = await t.db
      .select()
      .from(walletPassTokens)
      .where(eq(walletPassTokens.memberCardId, card.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(createHash('sha256').update(authToken).digest('hex'));
  });

  it('answers 404 for a dead or revoked link', async () => {
    expect(codeOf(await publicGet('/public/cards/nonsense/pass.pkpass'))).toEqual({ status: 404, code: 5 });
    const other = await issueCard();
    const old = await linkOf(other.id);
    await call('owner', 'POST', `${MAIN}/member-cards/${other.id}/link/revoke`, {});
    expect(codeOf(await publicGet(`/public/cards/${old}/pass.pkpass`))).toEqual({ status: 404, code: 5 });
  });

  it('registers a device with the pass token only', async () => {
    const path = `/devices/device-lib-1/registrations/${PASS_TYPE}/${card.id}`;
    expect((await passkit('POST', path, null, { pushToken: 'push-1' })).statusCode).toBe(401);
    expect((await passkit('POST', path, 'b'.repeat(32), { pushToken: 'push-1' })).statusCode).toBe(401);
    expect(
      (
        await passkit('POST', `/devices/device-lib-1/registrations/pass.other/${card.id}`, authToken, {
          pushToken: 'push-1',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await passkit('POST', `/devices/device-lib-1/registrations/${PASS_TYPE}/abc`, authToken, {
          pushToken: 'p',
        })
      ).statusCode,
    ).toBe(401);
    // bad input is a 4xx, never a 500
    expect((await passkit('POST', path, authToken, { pushToken: '' })).statusCode).toBe(400);
    expect((await passkit('POST', path, authToken, { pushToken: 'has spaces' })).statusCode).toBe(400);
    expect((await passkit('POST', path, authToken, {})).statusCode).toBe(400);
    expect((await passkit('POST', path, authToken, { pushToken: 'push-1' })).statusCode).toBe(201);
    expect((await passkit('POST', path, authToken, { pushToken: 'push-1' })).statusCode).toBe(200);
  });

  it("lists the device's passes, then only those updated since the tag", async () => {
    const list = await passkit('GET', `/devices/device-lib-1/registrations/${PASS_TYPE}`, null);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      serialNumbers: [String(card.id)],
      lastUpdated: expect.stringMatching(/^\d+$/),
    });
    tag = list.json().lastUpdated;
    expect(
      (
        await passkit(
          'GET',
          `/devices/device-lib-1/registrations/${PASS_TYPE}?passesUpdatedSince=${tag}`,
          null,
        )
      ).statusCode,
    ).toBe(204);
    expect(
      (await passkit('GET', `/devices/unknown-device/registrations/${PASS_TYPE}`, null)).statusCode,
    ).toBe(204);
    expect(
      (await passkit('GET', `/devices/device-lib-1/registrations/${PASS_TYPE}?passesUpdatedSince=junk`, null))
        .statusCode,
    ).toBe(200);
  });

  it('answers the latest pass with Last-Modified, and 304 while it is unchanged', async () => {
    const res = await passkit('GET', `/passes/${PASS_TYPE}/${card.id}`, authToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(PKPASS_MEDIA_TYPE);
    lastModified = String(res.headers['last-modified']);
    expect(Number.isNaN(Date.parse(lastModified))).toBe(false);
    const { pass } = openPass(res.rawPayload);
    // the device's own token stays in its pass
    expect(pass.authenticationToken).toBe(authToken);
    const same = await passkit('GET', `/passes/${PASS_TYPE}/${card.id}`, authToken, undefined, {
      'if-modified-since': lastModified,
    });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect((await passkit('GET', `/passes/${PASS_TYPE}/${card.id}`, 'c'.repeat(32))).statusCode).toBe(401);
    expect((await passkit('GET', `/passes/${PASS_TYPE}/999999`, authToken)).statusCode).toBe(401);
    expect((await passkit('GET', `/passes/pass.other.type/${card.id}`, authToken)).statusCode).toBe(404);
  });

  it('queues a notice with the stamping, sends it after commit, and the device then gets the new pass', async () => {
    // the change must land in a later second than the pass the device holds (HTTP dates have seconds)
    await new Promise((r) => setTimeout(r, 1100));
    const stamped = await call('owner', 'POST', `${MAIN}/member-cards/${card.id}/stamps`, {
      stamps: 2,
      storeId: acme.storeId,
    });
    const txn = dataOf(stamped) as { id: number };
    const queued = await t.db
      .select()
      .from(walletPassNotices)
      .where(eq(walletPassNotices.memberCardId, card.id));
    expect(queued).toEqual([
      expect.objectContaining({ pushToken: 'push-1', passTypeId: PASS_TYPE, state: 'QUEUED' }),
    ]);
    const { sent, notifier } = recording();
    await drain(notifier);
    expect(sent).toEqual([expect.objectContaining({ pushToken: 'push-1', passTypeId: PASS_TYPE })]);
    const [done] = await t.db
      .select()
      .from(walletPassNotices)
      .where(eq(walletPassNotices.memberCardId, card.id));
    expect(done).toMatchObject({ state: 'SENT', provider: 'test', attempts: 1 });

    const list = await passkit(
      'GET',
      `/devices/device-lib-1/registrations/${PASS_TYPE}?passesUpdatedSince=${tag}`,
      null,
    );
    expect(list.json().serialNumbers).toEqual([String(card.id)]);
    tag = list.json().lastUpdated;
    const res = await passkit('GET', `/passes/${PASS_TYPE}/${card.id}`, authToken, undefined, {
      'if-modified-since': lastModified,
    });
    expect(res.statusCode).toBe(200);
    expect(openPass(res.rawPayload).pass.storeCard.primaryFields[0]?.value).toBe('2 / 5');

    // a void is a change too; the default notifier is the local outbox, which keeps the rows
    await new Promise((r) => setTimeout(r, 5));
    dataOf(
      await call('owner', 'POST', `${MAIN}/stamps-transactions/${txn.id}/void`, { reason: 'wrong card' }),
    );
    await drain();
    const rows = await t.db
      .select()
      .from(walletPassNotices)
      .where(and(eq(walletPassNotices.memberCardId, card.id), eq(walletPassNotices.provider, 'outbox')));
    expect(rows).toEqual([expect.objectContaining({ state: 'SENT', pushToken: 'push-1' })]);
    const after = await passkit(
      'GET',
      `/devices/device-lib-1/registrations/${PASS_TYPE}?passesUpdatedSince=${tag}`,
      null,
    );
    expect(after.json().serialNumbers).toEqual([String(card.id)]);
  });

  it('queues a notice when the card expires, and none for a card without a pass', async () => {
    const quietCard = await issueCard();
    // the day after the programme's end
    const later = new Date(Date.now() + 40 * 24 * 3600 * 1000);
    const before = (await t.db.select().from(walletPassNotices)).length;
    await expireDueMemberCards(t.db, later);
    const notices = await t.db.select().from(walletPassNotices);
    expect(notices.length - before).toBe(1);
    expect(notices.filter((n) => n.memberCardId === quietCard.id)).toEqual([]);
    expect(notices.at(-1)).toMatchObject({ memberCardId: card.id, state: 'QUEUED' });
    const res = await passkit('GET', `/passes/${PASS_TYPE}/${card.id}`, authToken);
    expect(openPass(res.rawPayload).pass).toMatchObject({ voided: true });
  });

  it('unregisters the device; Wallet may log; the pass keeps its token', async () => {
    const path = `/devices/device-lib-1/registrations/${PASS_TYPE}/${card.id}`;
    expect((await passkit('DELETE', path, 'd'.repeat(32))).statusCode).toBe(401);
    expect((await passkit('DELETE', path, authToken)).statusCode).toBe(200);
    expect((await passkit('GET', `/devices/device-lib-1/registrations/${PASS_TYPE}`, null)).statusCode).toBe(
      204,
    );
    const logged = await passkit('POST', '/log', null, { logs: ['Could not fetch pass: 500'] });
    expect(logged.statusCode).toBe(200);
    expect(logs.text()).toContain('Could not fetch pass: 500');
    expect((await passkit('POST', '/log', null, {})).statusCode).toBe(400);
    expect((await passkit('POST', '/log', null, { logs: ['x'.repeat(1001)] })).statusCode).toBe(400);
  });

  it('keeps the token of a pass in a Wallet however often the pass is downloaded again', async () => {
    const card = await issueCard();
    const link = await linkOf(card.id);
    const download = async () =>
      (
        openPass((await publicGet(`/public/cards/${link}/pass.pkpass`)).rawPayload).pass as {
          authenticationToken: string;
        }
      ).authenticationToken;
    const inWallet = await download();
    const path = `/devices/device-lib-7/registrations/${PASS_TYPE}/${card.id}`;
    expect((await passkit('POST', path, inWallet, { pushToken: 'push-7' })).statusCode).toBe(201);
    const neverAdded = await download();
    for (let i = 0; i < TOKENS_PER_CARD + 2; i += 1) await download();
    // the pass in the Wallet still updates; a downloaded pass nobody added was the oldest, and went
    expect((await passkit('GET', `/passes/${PASS_TYPE}/${card.id}`, inWallet)).statusCode).toBe(200);
    expect((await passkit('GET', `/passes/${PASS_TYPE}/${card.id}`, neverAdded)).statusCode).toBe(401);
    const kept = await t.db.select().from(walletPassTokens).where(eq(walletPassTokens.memberCardId, card.id));
    expect(kept).toHaveLength(TOKENS_PER_CARD + 1);
  });

  it('ends the passes handed out with the link when the link is revoked (F8)', async () => {
    const other = await issueCard();
    const before = await linkOf(other.id);
    const old = openPass((await publicGet(`/public/cards/${before}/pass.pkpass`)).rawPayload).pass as {
      authenticationToken: string;
    };
    const path = `/devices/device-lib-9/registrations/${PASS_TYPE}/${other.id}`;
    expect((await passkit('POST', path, old.authenticationToken, { pushToken: 'push-9' })).statusCode).toBe(
      201,
    );
    expect(
      (await passkit('GET', `/passes/${PASS_TYPE}/${other.id}`, old.authenticationToken)).statusCode,
    ).toBe(200);
    await call('owner', 'POST', `${MAIN}/member-cards/${other.id}/link/revoke`, {});
    // the old pass's token opens nothing: its next update, which would carry the new link, never comes
    expect(
      (await passkit('GET', `/passes/${PASS_TYPE}/${other.id}`, old.authenticationToken)).statusCode,
    ).toBe(401);
    expect(
      await t.db
        .select()
        .from(walletPassRegistrations)
        .where(eq(walletPassRegistrations.memberCardId, other.id)),
    ).toEqual([]);
    // a pass downloaded through the new link works
    const fresh = openPass(
      (await publicGet(`/public/cards/${await linkOf(other.id)}/pass.pkpass`)).rawPayload,
    ).pass as { authenticationToken: string };
    expect(
      (await passkit('GET', `/passes/${PASS_TYPE}/${other.id}`, fresh.authenticationToken)).statusCode,
    ).toBe(200);
  });
});

describe('hostile input', () => {
  it('never answers a 500 from the pass and the web service', async () => {
    const odd = [
      '\u0000',
      'a\u0000b',
      '%00',
      '\uD800',
      '..',
      '%2e%2e%2f',
      'x'.repeat(300),
      '-1',
      '0',
      '99999999999',
      ' ',
      'é',
    ];
    const tokens = [null, '', 'x', 'ApplePass', 'a'.repeat(201), '\u0000'.repeat(20)];
    /** a lone UTF-16 half cannot be encoded: sent as the bytes a client would */
    const encode = (v: string) => (v === '\uD800' ? '%ED%A0%80' : encodeURIComponent(v));
    for (const v of odd) {
      const e = encode(v);
      const calls = [
        () => publicGet(`/public/cards/${e}/pass.pkpass`),
        () => passkit('GET', `/passes/${e}/${e}`, 'a'.repeat(32)),
        () => passkit('GET', `/passes/${PASS_TYPE}/${e}`, 'a'.repeat(32)),
        () => passkit('GET', `/devices/${e}/registrations/${PASS_TYPE}?passesUpdatedSince=${e}`, null),
        () =>
          passkit('POST', `/devices/${e}/registrations/${PASS_TYPE}/${e}`, 'a'.repeat(32), { pushToken: v }),
        () => passkit('DELETE', `/devices/${e}/registrations/${e}/${e}`, 'a'.repeat(32)),
        () => passkit('POST', '/log', null, { logs: [v] }),
      ];
      for (const c of calls) {
        const res = await c();
        expect(res.statusCode, `${v}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
    for (const token of tokens) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${PASSKIT}/passes/${PASS_TYPE}/1`,
        headers: token === null ? {} : { authorization: `ApplePass ${token}` },
      });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('Google Wallet', () => {
  it('offers a save link whose JWT the service account signed, carrying the card', async () => {
    const view = dataOf(await putSettings(googleSettings())) as WalletPassSettingsView;
    expect(view.google).toEqual({
      configured: true,
      issuerId: '3388000000012345678',
      serviceAccountEmail: 'wallet@loyalty-test.iam.gserviceaccount.com',
      privateKeySet: true,
    });
    const card = await issueCard();
    const link = await linkOf(card.id);
    const { wallet } = await cardView(link);
    expect(wallet.applePassUrl).not.toBeNull();
    expect(wallet.googleSaveUrl?.startsWith(GOOGLE_SAVE_URL)).toBe(true);
    const jwt = String(wallet.googleSaveUrl).slice(GOOGLE_SAVE_URL.length);
    expect(decodeProtectedHeader(jwt).alg).toBe('RS256');
    const { payload } = await jwtVerify(jwt, await importSPKI(google.publicPem, 'RS256'), {
      issuer: 'wallet@loyalty-test.iam.gserviceaccount.com',
      audience: 'google',
    });
    expect(payload).toMatchObject({ typ: 'savetowallet', origins: [t.config.publicUrl] });
    const { loyaltyClasses, loyaltyObjects } = payload.payload as {
      loyaltyClasses: Record<string, unknown>[];
      loyaltyObjects: Record<string, unknown>[];
    };
    expect(loyaltyClasses[0]).toMatchObject({
      id: `3388000000012345678.loyalty-programme-${programmeId}`,
      issuerName: 'Acme Brand',
      programName: 'Coffee card',
      programLogo: { sourceUri: { uri: `${t.config.publicUrl}${MAIN}/public/wallet/logo.png` } },
    });
    expect(loyaltyObjects[0]).toMatchObject({
      id: `3388000000012345678.member-card-${card.id}`,
      classId: loyaltyClasses[0]?.id,
      state: 'ACTIVE',
      accountId: card.code,
      loyaltyPoints: { balance: { string: '0 / 5' } },
      barcode: { type: 'QR_CODE', value: card.code },
    });
    // the default logo it points at is a PNG anyone may fetch
    const logo = await publicGet('/public/wallet/logo.png');
    expect(logo.headers['content-type']).toBe('image/png');
    expect(pngSize(logo.rawPayload)).toEqual([256, 256]);
  });
});

describe('clearing', () => {
  it('takes the buttons and the pass away; secrets never reached the log', async () => {
    const card = await issueCard();
    const link = await linkOf(card.id);
    const cleared = dataOf(
      await putSettings({
        applePassTypeIdentifier: null,
        appleTeamIdentifier: null,
        appleSignerCertPem: null,
        appleSignerKeyPem: null,
        appleSignerKeyPassphrase: null,
        appleWwdrCertPem: null,
        googleIssuerId: null,
        googleServiceAccountEmail: null,
        googlePrivateKeyPem: null,
      }),
    ) as WalletPassSettingsView;
    expect(cleared.apple.configured).toBe(false);
    expect(cleared.google.privateKeySet).toBe(false);
    expect(await t.db.select().from(walletPassSettings)).toEqual([]);
    expect((await cardView(link)).wallet).toEqual({ applePassUrl: null, googleSaveUrl: null });
    expect(codeOf(await publicGet(`/public/cards/${link}/pass.pkpass`))).toEqual({ status: 404, code: 5 });

    const text = logs.text();
    for (const secret of [
      certs.passphrase,
      google.privatePem,
      certs.encryptedSignerKeyPem,
      certs.signer.keyPem,
    ])
      expect(text).not.toContain(secret.split('\n')[1] ?? secret);
  });
});

// Throw-away certificates for the wallet pass tests: a root CA, a stand-in for Apple's WWDR
// intermediate signed by it, and a pass signer certificate signed by the intermediate (as Apple's
// "Pass Type ID" certificates are), each with its key, made with node-forge so CI needs no tool.
import forge from 'node-forge';

export interface TestCertificate {
  certPem: string;
  keyPem: string;
  cert: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
}

let serial = 1;

const make = (
  subject: { CN: string; OU?: string; O: string },
  issuer: TestCertificate | null,
  opts: { ca: boolean; days?: number; bits?: number; ip?: string },
): TestCertificate => {
  const keys = forge.pki.rsa.generateKeyPair({ bits: opts.bits ?? 2048, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = (serial++).toString(16).padStart(2, '0');
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(Date.now() + (opts.days ?? 365) * 24 * 3600 * 1000);
  const attrs = [
    { shortName: 'CN', value: subject.CN },
    ...(subject.OU ? [{ shortName: 'OU', value: subject.OU }] : []),
    { shortName: 'O', value: subject.O },
    { shortName: 'C', value: 'SG' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(issuer ? issuer.cert.subject.attributes : attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: opts.ca },
    {
      name: 'keyUsage',
      keyCertSign: opts.ca,
      cRLSign: opts.ca,
      digitalSignature: true,
      keyEncipherment: true,
    },
    ...(opts.ip ? [{ name: 'subjectAltName', altNames: [{ type: 7, ip: opts.ip }] }] : []),
  ]);
  cert.sign(issuer ? issuer.key : keys.privateKey, forge.md.sha256.create());
  return {
    cert,
    key: keys.privateKey,
    certPem: forge.pki.certificateToPem(cert),
    keyPem: forge.pki.privateKeyToPem(keys.privateKey),
  };
};

export interface PassCertificates {
  root: TestCertificate;
  wwdr: TestCertificate;
  signer: TestCertificate;
  /** the signer key encrypted with `passphrase` (PKCS#8, AES-256) */
  encryptedSignerKeyPem: string;
  passphrase: string;
}

export const makePassCertificates = (passTypeId: string, teamId: string): PassCertificates => {
  const root = make({ CN: 'Test Root CA', O: 'Loyalty Tests' }, null, { ca: true, days: 3650 });
  const wwdr = make({ CN: 'Test Worldwide Developer Relations', OU: 'G4', O: 'Loyalty Tests' }, root, {
    ca: true,
    days: 1825,
  });
  const signer = make({ CN: `Pass Type ID: ${passTypeId}`, OU: teamId, O: 'Test Merchant Ltd' }, wwdr, {
    ca: false,
  });
  const passphrase = 'signer-passphrase-never-logged';
  const encryptedSignerKeyPem = forge.pki.encryptRsaPrivateKey(signer.key, passphrase, {
    algorithm: 'aes256',
  });
  return { root, wwdr, signer, encryptedSignerKeyPem, passphrase };
};

/** A TLS server certificate for `ip` signed by `ca` (a stand-in of Apple's push service). */
export const makeServerCertificate = (ca: TestCertificate, ip = '127.0.0.1'): TestCertificate =>
  make({ CN: ip, O: 'Loyalty Tests' }, ca, { ca: false, ip });

/** An RSA key pair for Google's service account: the private key as PKCS#8 PEM, the public as SPKI. */
export const makeRsaKey = (): { privatePem: string; publicPem: string } => {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const privatePem = forge.pki.privateKeyInfoToPem(
    forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(keys.privateKey)),
  );
  return { privatePem, publicPem: forge.pki.publicKeyToPem(keys.publicKey) };
};

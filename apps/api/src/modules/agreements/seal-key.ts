// The platform's sealing key (decision 025): a PKCS#12 from AGREEMENT_SIGNING_P12 (a path, or the
// file as base64) in production; for the embedded default one made at first start under
// DATA_DIR/keys/agreement-seal.p12 (a self-signed certificate "Sponsoring platform seal", RSA 2048,
// ten years), readable only by the server's user and never in the repository.
import { generateKeyPair } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type forgeModule from 'node-forge';
import { readOrMakeKeyFile } from '../../lib/key-file.ts';

export type SealKey = { p12: Buffer; passphrase: string };

const SEAL_NAME = 'Sponsoring platform seal';

async function makeP12(passphrase: string): Promise<Buffer> {
  // node-forge (12 MB) is loaded only when a key is made, not at every start.
  const forge: typeof forgeModule = (await import('node-forge')).default;
  // Node's key generation (native) instead of forge's, which takes seconds in JavaScript.
  const { privateKey } = await promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey);
  const publicKey = forge.pki.setRsaPublicKey(
    (key as forgeModule.pki.rsa.PrivateKey).n,
    (key as forgeModule.pki.rsa.PrivateKey).e,
  );
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = `01${forge.util.bytesToHex(forge.random.getBytesSync(15))}`;
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600 * 1000);
  const subject = [
    { name: 'commonName', value: SEAL_NAME },
    { name: 'organizationName', value: SEAL_NAME },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key as forgeModule.pki.rsa.PrivateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key as forgeModule.pki.rsa.PrivateKey, [cert], passphrase, {
    algorithm: '3des',
    friendlyName: SEAL_NAME,
  });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** Loads the configured key, or the embedded default's (made once; two processes agree on one file). */
export async function loadSealKey(options: {
  p12: string | null;
  passphrase: string;
  dataDir: string;
}): Promise<SealKey> {
  if (options.p12) {
    const given = options.p12;
    const looksLikePath = given.includes('/') && !/^[A-Za-z0-9+/=\s]+$/.test(given);
    const p12 = looksLikePath || (await exists(given)) ? await fs.readFile(given) : Buffer.from(given, 'base64');
    return { p12, passphrase: options.passphrase };
  }
  const file = path.join(options.dataDir, 'keys', 'agreement-seal.p12');
  return { p12: await readOrMakeKeyFile(file, () => makeP12('')), passphrase: '' };
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

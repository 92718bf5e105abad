// The seal is a PAdES baseline B-B signature (ETSI EN 319 142-1, decision 062): read back from the
// sealed PDF's signature dictionary and its CMS, not only through pdfsig.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import { afterAll, describe, expect, it } from 'vitest';
import { OID } from '../../lib/cades-signer.ts';
import { sealAgreement } from './seal.ts';
import { loadSealKey } from './seal-key.ts';
import type { AgreementSnapshot } from './snapshot.ts';
import { pdfsig } from './test-support.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-seal-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const snapshot: AgreementSnapshot = {
  version: 1,
  language: 'de',
  sponsorshipId: 7,
  issuedAt: '2026-05-01T10:00:00.000Z',
  organisation: {
    name: 'TSV Musterstadt e.V.',
    street: 'Hauptstraße',
    houseNumber: '1',
    postalCode: '10115',
    city: 'Berlin',
    country: 'DE',
  },
  sponsor: {
    legalName: 'Müller Getränke GmbH',
    street: 'Ring',
    houseNumber: '2',
    postalCode: '50667',
    city: 'Köln',
    country: 'DE',
    vatId: null,
    email: 'sponsor@example.com',
  },
  event: { title: 'Sommerfest', date: '2026-07-04', location: 'Berlin' },
  package: { name: 'Gold', benefits: [] },
  amountCents: 100_000,
  paymentTermDays: 14,
  clauses: '',
};

type Node = forge.asn1.Asn1;
const CERT_BAG = '1.2.840.113549.1.12.10.1.3';
const children = (node: Node) => node.value as Node[];
const oidOf = (node: Node) => forge.asn1.derToOid(node.value as string);

async function sealed() {
  const key = await loadSealKey({ p12: null, passphrase: '', dataDir });
  const at = new Date('2026-05-02T09:30:00.000Z');
  const bytes = await sealAgreement({
    snapshot,
    signatures: [],
    audit: [],
    completedAt: at,
    key,
  });
  return { bytes, key, at };
}

describe('the seal', () => {
  it('is PAdES B-B: ETSI.CAdES.detached, /M, and a CMS with content-type, message-digest, signing-certificate-v2 and no signing-time', async () => {
    const { bytes, key, at } = await sealed();
    const text = bytes.toString('latin1');
    expect(text).toMatch(/\/SubFilter\s*\/ETSI\.CAdES\.detached/);
    expect(text).toMatch(/\/M\s*\(D:20260502093000Z\)/);

    const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text)!.slice(1).map(Number);
    const [start1, length1, start2, length2] = range as [number, number, number, number];
    const padded = Buffer.from(text.slice(start1 + length1 + 1, start2 - 1), 'hex');
    // The placeholder is zero-padded: the CMS is as long as its outer DER header says.
    const lengthBytes = padded[1]! & 0x7f;
    const length = padded.subarray(2, 2 + lengthBytes).reduce((sum, byte) => sum * 256 + byte, 0);
    const der = padded.subarray(0, 2 + lengthBytes + length);
    const contentInfo = forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary')));
    expect(oidOf(children(contentInfo)[0]!)).toBe(OID.signedData);
    const signedData = children(children(contentInfo)[1]!)[0]!;
    const parts = children(signedData);
    const certificates = parts.find((p) => p.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && p.type === 0)!;
    const certDer = Buffer.from(forge.asn1.toDer(children(certificates)[0]!).getBytes(), 'binary');
    const signerInfo = children(parts.at(-1)!)[0]!;
    const signed = children(signerInfo).find((p) => p.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && p.type === 0)!;
    const attributes = new Map(
      children(signed).map((attr) => [oidOf(children(attr)[0]!), children(children(attr)[1]!)[0]!]),
    );

    expect([...attributes.keys()].sort()).toEqual(
      [OID.contentType, OID.messageDigest, OID.signingCertificateV2].sort(),
    );
    expect(attributes.has(OID.signingTime)).toBe(false);
    expect(oidOf(attributes.get(OID.contentType)!)).toBe(OID.data);
    const signedBytes = Buffer.concat([
      bytes.subarray(start1, start1 + length1),
      bytes.subarray(start2, start2 + length2),
    ]);
    expect(Buffer.from(attributes.get(OID.messageDigest)!.value as string, 'binary').toString('hex')).toBe(
      createHash('sha256').update(signedBytes).digest('hex'),
    );
    // SigningCertificateV2 { certs SEQUENCE OF ESSCertIDv2 { certHash, issuerSerial } }: SHA-256 of the certificate.
    const essCertId = children(children(attributes.get(OID.signingCertificateV2)!)[0]!)[0]!;
    const certHash = Buffer.from(children(essCertId)[0]!.value as string, 'binary').toString('hex');
    expect(certHash).toBe(createHash('sha256').update(certDer).digest('hex'));
    // It is the certificate of the sealing key.
    const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(key.p12.toString('binary')), false, key.passphrase);
    const keyCert = p12.getBags({ bagType: CERT_BAG })[CERT_BAG]![0]!.cert!;
    expect(
      Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(keyCert)).getBytes(), 'binary').equals(certDer),
    ).toBe(true);
    expect(at.toISOString()).toBe('2026-05-02T09:30:00.000Z');

    const report = await pdfsig(bytes);
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('ETSI.CAdES.detached');
  });
});

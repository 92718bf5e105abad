// The seal's CMS: a CAdES baseline B-B signature (ETSI EN 319 122-1, as PAdES B-B of ETSI EN
// 319 142-1 requires), detached over the PDF's byte range. Its signed attributes are exactly
// content-type (id-data), message-digest (SHA-256 of the signed bytes) and ESS signing-certificate-v2
// (RFC 5035: the SHA-256 of the sealing certificate, with its issuer and serial), so the certificate
// that sealed is bound into the signature; there is no signing-time attribute: PAdES B-B puts the
// claimed time in the signature dictionary's /M (decision 062). @signpdf's P12Signer builds the
// attributes of adbe.pkcs7.detached instead (signing-time, no signing certificate), hence our own.
import { createHash, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import type forgeModule from 'node-forge';

type Forge = typeof forgeModule;

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
} as const;

/** PKCS#12 bag types (RFC 7292). */
const BAG = {
  key: '1.2.840.113549.1.12.10.1.1',
  shroudedKey: '1.2.840.113549.1.12.10.1.2',
  cert: '1.2.840.113549.1.12.10.1.3',
} as const;

type ParsedKey = { certDer: Buffer; privateKey: KeyObject };
const parsedKeys = new Map<string, ParsedKey>();

export class CadesSigner {
  readonly p12: Buffer;
  readonly passphrase: string;

  constructor(p12: Buffer, passphrase: string) {
    this.p12 = p12;
    this.passphrase = passphrase;
  }

  /** The DER CMS SignedData for @signpdf's SignPdf (it hands over the bytes of the byte range). */
  async sign(content: Buffer): Promise<Buffer> {
    const forge: Forge = (await import('node-forge')).default;
    const { asn1 } = forge;
    const { certDer, privateKey } = this.parsed(forge);
    const certAsn1 = asn1.fromDer(certDer.toString('binary'));
    // TBSCertificate: [0] version, serialNumber, signature, issuer, ...
    const tbs = (certAsn1.value as forgeModule.asn1.Asn1[])[0]!;
    const tbsParts = tbs.value as forgeModule.asn1.Asn1[];
    const offset = tbsParts[0]!.tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
    const serial = tbsParts[offset]!;
    const issuer = tbsParts[offset + 2]!;

    const u = asn1.Class.UNIVERSAL;
    const T = asn1.Type;
    const oid = (value: string) => asn1.create(u, T.OID, false, asn1.oidToDer(value).getBytes());
    const octets = (bytes: Buffer) => asn1.create(u, T.OCTETSTRING, false, bytes.toString('binary'));
    const seq = (items: forgeModule.asn1.Asn1[]) => asn1.create(u, T.SEQUENCE, true, items);
    const set = (items: forgeModule.asn1.Asn1[]) => asn1.create(u, T.SET, true, items);
    const algorithm = (value: string) => seq([oid(value), asn1.create(u, T.NULL, false, '')]);
    const copy = (node: forgeModule.asn1.Asn1) => asn1.fromDer(asn1.toDer(node).getBytes());
    const attribute = (type: string, value: forgeModule.asn1.Asn1) => seq([oid(type), set([value])]);

    const digest = createHash('sha256').update(content).digest();
    const certHash = createHash('sha256').update(certDer).digest();
    // ESSCertIDv2 with the default hash algorithm (SHA-256) omitted, as DER requires.
    const essCertId = seq([
      octets(certHash),
      seq([seq([asn1.create(asn1.Class.CONTEXT_SPECIFIC, 4, true, [copy(issuer)])]), copy(serial)]),
    ]);
    const attributes = [
      attribute(OID.contentType, oid(OID.data)),
      attribute(OID.messageDigest, octets(digest)),
      attribute(OID.signingCertificateV2, seq([seq([essCertId])])),
    ]
      .map((node) => Buffer.from(asn1.toDer(node).getBytes(), 'binary'))
      // DER orders a SET OF by its members' encodings.
      .sort(Buffer.compare);
    const signedAttributesDer = Buffer.concat([derHeader(0x31, attributes), ...attributes]);
    const signature = sign('sha256', signedAttributesDer, privateKey);
    const signedAttributes = asn1.fromDer(signedAttributesDer.toString('binary'));
    // In the SignerInfo the same SET is tagged [0] IMPLICIT.
    const taggedAttributes = asn1.create(
      asn1.Class.CONTEXT_SPECIFIC,
      0,
      true,
      signedAttributes.value as forgeModule.asn1.Asn1[],
    );

    const signerInfo = seq([
      asn1.create(u, T.INTEGER, false, String.fromCharCode(1)),
      seq([copy(issuer), copy(serial)]),
      algorithm(OID.sha256),
      taggedAttributes,
      algorithm(OID.rsaEncryption),
      octets(signature),
    ]);
    const signedData = seq([
      asn1.create(u, T.INTEGER, false, String.fromCharCode(1)),
      set([algorithm(OID.sha256)]),
      seq([oid(OID.data)]),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [certAsn1]),
      set([signerInfo]),
    ]);
    const contentInfo = seq([oid(OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]);
    return Buffer.from(asn1.toDer(contentInfo).getBytes(), 'binary');
  }

  /**
   * The key and certificate of the PKCS#12, read once per file and passphrase (issue 57, decision
   * 110): forge's PKCS#12 decryption (3DES key derivation in JavaScript) took ~18 ms of every seal on
   * the worker; a thread seals with the same file all its life.
   */
  private parsed(forge: Forge): ParsedKey {
    const id = createHash('sha256').update(this.p12).update('\u0000').update(this.passphrase).digest('hex');
    let known = parsedKeys.get(id);
    if (!known) {
      const { key, cert } = this.keyAndCertificate(forge);
      known = {
        certDer: Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary'),
        privateKey: createPrivateKey(forge.pki.privateKeyToPem(key)),
      };
      // A few files at most (a key rotated while running): the oldest goes first.
      if (parsedKeys.size >= 4) parsedKeys.delete(parsedKeys.keys().next().value as string);
      parsedKeys.set(id, known);
    }
    return known;
  }

  private keyAndCertificate(forge: Forge) {
    const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(this.p12.toString('binary')), false, this.passphrase);
    const bags = (type: string) => p12.getBags({ bagType: type })[type] ?? [];
    const keyBag = bags(BAG.shroudedKey)[0] ?? bags(BAG.key)[0];
    const key = keyBag?.key as forgeModule.pki.rsa.PrivateKey | undefined;
    if (!key) throw new Error('the sealing key file holds no private key');
    const cert = bags(BAG.cert)
      .map((bag) => bag.cert)
      .find((c): c is forgeModule.pki.Certificate => {
        const publicKey = c?.publicKey as forgeModule.pki.rsa.PublicKey | undefined;
        return !!publicKey && publicKey.n.compareTo(key.n) === 0 && publicKey.e.compareTo(key.e) === 0;
      });
    if (!cert) throw new Error('the sealing key file holds no certificate for its key');
    return { key, cert };
  }
}

/** A DER tag and length for `parts` of content. */
function derHeader(tag: number, parts: Buffer[]): Buffer {
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  if (length < 0x80) return Buffer.from([tag, length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([tag, 0x80 | bytes.length, ...bytes]);
}

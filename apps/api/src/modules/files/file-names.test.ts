import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertBlobKey } from '../../ports/blobs/blob-port.ts';
import { signUploadToken, verifyUploadToken } from '../../ports/blobs/upload-tokens.ts';
import { contentDisposition, keySlug, sanitiseFileName } from './file-names.ts';

describe('file names', () => {
  it.each([
    ['Vertrag', 'Vertrag.pdf'],
    ['Vertrag.PDF', 'Vertrag.pdf'],
    ['../../etc/passwd', '_.._etc_passwd.pdf'],
    ['a\\b/c', 'a_b_c.pdf'],
    ['bad\u0000\u001fname\u202egpj.exe', 'badnamegpj.exe.pdf'],
    ['  ...  ', 'document.pdf'],
    ['Ünïcödé 😀', 'Ünïcödé 😀.pdf'],
    ['line\nbreak\ttab', 'linebreaktab.pdf'],
  ])('sanitises %j to %j', (raw, expected) => {
    expect(sanitiseFileName(raw, 'pdf')).toBe(expected);
  });

  it('limits the name to 100 characters before the extension', () => {
    expect(sanitiseFileName('x'.repeat(500), 'pdf')).toBe(`${'x'.repeat(100)}.pdf`);
    expect(Array.from(sanitiseFileName('😀'.repeat(200), 'pdf'))).toHaveLength(104);
  });

  it('makes ASCII key slugs that fit the key pattern', () => {
    expect(keySlug('Sponsorvertrag Müller.pdf')).toBe('Sponsorvertrag-Muller');
    expect(keySlug('😀.pdf')).toBe('document');
    expect(keySlug('..pdf')).toBe('document');
    const keyOf = (name: string) =>
      `organisations/1/events/2/00000000-0000-4000-8000-000000000000-${keySlug(sanitiseFileName(name, 'pdf'))}.pdf`;
    for (const name of ['a'.repeat(300), '.. / ..', 'Straße & Co. KG', 'org/1/../../2/file.pdf', 'a...b.pdf']) {
      expect(() => assertBlobKey(keyOf(name))).not.toThrow();
    }
    // Any name a client sends makes a key the store accepts (a refused key was a 500).
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (name) => {
        expect(() => assertBlobKey(keyOf(name))).not.toThrow();
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('.', '/', '\\', ' ', '-', '_', 'a', 'ü', ':'), { maxLength: 40 }),
        (parts) => {
          expect(() => assertBlobKey(keyOf(parts.join('')))).not.toThrow();
        },
      ),
      { numRuns: 500 },
    );
  });

  it('names downloads with an ASCII fallback and RFC 5987 for the rest', () => {
    expect(contentDisposition('Vertrag.pdf')).toBe('attachment; filename="Vertrag.pdf"');
    expect(contentDisposition('Straße "neu" (1).pdf')).toBe(
      `attachment; filename="Stra_e _neu_ (1).pdf"; filename*=UTF-8''Stra%C3%9Fe%20%22neu%22%20%281%29.pdf`,
    );
  });
});

describe('upload tokens', () => {
  const key = { signWith: Buffer.alloc(32, 7), acceptFrom: [Buffer.alloc(32, 7)] };
  const otherKey = { signWith: Buffer.alloc(32, 8), acceptFrom: [Buffer.alloc(32, 8)] };
  const claims = {
    uploadId: 'u-1',
    key: 'organisations/1/events/2/x.pdf',
    organisationId: 1,
    eventId: 2,
    expiresAt: new Date('2026-01-01T00:15:00Z'),
  };

  it('round-trips and expires', () => {
    const token = signUploadToken(key, claims);
    expect(verifyUploadToken(key, token, new Date('2026-01-01T00:14:59Z'))).toEqual(claims);
    expect(verifyUploadToken(key, token, new Date('2026-01-01T00:15:00Z'))).toBeNull();
  });

  it('refuses another key, altered claims and malformed tokens', () => {
    const token = signUploadToken(key, claims);
    const at = new Date('2026-01-01T00:00:00Z');
    expect(verifyUploadToken(otherKey, token, at)).toBeNull();
    const [, signature] = token.split('.');
    const altered = Buffer.from(
      JSON.stringify({ v: 1, u: 'u-1', k: 'organisations/1/events/3/x.pdf', o: 1, e: 3, x: 1767226500 }),
    ).toString('base64url');
    expect(verifyUploadToken(key, `${altered}.${signature}`, at)).toBeNull();
    for (const bad of ['', '.', 'a.b.c', token + 'x', 'x'.repeat(5000)])
      expect(verifyUploadToken(key, bad, at)).toBeNull();
  });

  it('accepts a token of the previous key only while it is among the keys accepted (decision 047)', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const signedBefore = signUploadToken(key, claims);
    const rotating = { signWith: otherKey.signWith, acceptFrom: [otherKey.signWith, key.signWith] };
    expect(verifyUploadToken(rotating, signedBefore, at)).toEqual(claims);
    expect(verifyUploadToken(otherKey, signedBefore, at)).toBeNull();
    expect(verifyUploadToken(otherKey, signUploadToken(rotating, claims), at)).toEqual(claims);
  });
});

// The draft PDF rendered once per snapshot (issue 57, decision 068): a state read of a known snapshot
// renders nothing, signing renders at most once, and any change of the data renders anew (the key is
// the whole snapshot, so no entry can be stale). Renders are counted by the injected cache.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../../test/helpers.ts';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { createDocumentCache } from '../../lib/document-cache.ts';
import { onboardedUser, type TestUser } from '../events/test-support.ts';
import { agreementWorld, drawnSignature } from './test-support.ts';

describe.each(ENGINES)('agreement drafts rendered once on %s', (engine) => {
  let t: IdentityTestApp;
  let owner: TestUser;
  const rendered: string[] = [];
  // Capacity 2: a third snapshot pushes the least recently used one out (the cold start of signing below).
  const documents = createDocumentCache({ capacity: 2, onRender: (key) => rendered.push(key) });
  const w = agreementWorld(() => t);

  beforeAll(async () => {
    t = await startIdentityApp(engine, { deps: { documents } });
    owner = await onboardedUser(t, 'veranstalter');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('reads the state of a known snapshot without rendering; a change renders once', async () => {
    const event = await w.generatedEvent(owner);
    const guest = await w.readySponsor(owner, event, 'de');
    rendered.length = 0;
    const first = await w.state(guest, guest.sponsorshipId);
    expect(rendered).toHaveLength(1);
    const reads = await Promise.all([
      w.state(guest, guest.sponsorshipId),
      w.state(owner, guest.sponsorshipId),
      w.state(owner, guest.sponsorshipId),
    ]);
    expect(rendered).toHaveLength(1);
    expect(reads.map((r) => r.document_sha256)).toEqual([
      first.document_sha256,
      first.document_sha256,
      first.document_sha256,
    ]);
    const pdf = await w.asGuest('GET', `/api/sponsorships/${guest.sponsorshipId}/agreement/draft.pdf`, guest);
    expect(pdf.headers['x-document-sha256']).toBe(first.document_sha256);
    expect(rendered).toHaveLength(1);

    const patched = await w.call('PATCH', `/api/sponsorships/${guest.sponsorshipId}`, owner.token, {
      amount_cents: 300_000,
      note: 'Mehr Leistung',
    });
    expect(patched.statusCode).toBe(200);
    const changed = await w.state(owner, guest.sponsorshipId);
    expect(changed.document_sha256).not.toBe(first.document_sha256);
    expect(rendered).toHaveLength(2);
    await w.state(guest, guest.sponsorshipId);
    expect(rendered).toHaveLength(2);
  });

  it('signs and countersigns (with the seal) rendering the draft at most once', async () => {
    const event = await w.generatedEvent(owner);
    const guest = await w.readySponsor(owner, event, 'en');
    const { document_sha256: sha } = await w.state(guest, guest.sponsorshipId);
    // Two other snapshots push this draft out of the cache: signing starts cold.
    for (const lang of ['de', 'en'])
      await w.call('GET', `/api/events/${event.eventId}/agreement-preview.pdf?lang=${lang}`, owner.token);
    rendered.length = 0;
    const signed = await w.sign(guest, guest.sponsorshipId, sha!, { drawn_signature: await drawnSignature() });
    expect(signed.statusCode).toBe(201);
    expect(rendered).toHaveLength(1);
    const countersigned = await w.sign(owner, guest.sponsorshipId, sha!, {
      full_name: 'Anna Größe',
      position: 'Vorstand',
    });
    expect(countersigned.statusCode).toBe(201);
    expect(rendered).toHaveLength(1);
    expect((await w.state(owner, guest.sponsorshipId)).state).toBe('completed');
    expect(rendered).toHaveLength(1);
  });
});

describe('the document cache', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('keys by the whole input: key order does not matter, any value does', async () => {
    const { canonicalJson, documentKey } = await import('../../lib/document-cache.ts');
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [1, { x: 1, y: 2 }] }, b: 1 }),
    );
    const snapshot = { sponsor: { legalName: 'A', vatId: null }, amountCents: 1 };
    const key = documentKey('draft', 'v1', snapshot);
    expect(documentKey('draft', 'v1', { amountCents: 1, sponsor: { vatId: null, legalName: 'A' } })).toBe(key);
    expect(documentKey('draft', 'v1', { ...snapshot, amountCents: 2 })).not.toBe(key);
    expect(documentKey('draft', 'v1', { ...snapshot, sponsor: { legalName: 'A', vatId: '' } })).not.toBe(key);
    expect(documentKey('draft', 'v2', snapshot)).not.toBe(key);
  });

  it('renders a key once (also when asked twice at once), keeps at most its capacity, forgets a failure', async () => {
    const renders: string[] = [];
    const cache = createDocumentCache({ capacity: 2, onRender: (key) => renders.push(key) });
    const render = (text: string) => async () => bytes(text);
    const [a1, a2] = await Promise.all([cache.once('a', render('A')), cache.once('a', render('other'))]);
    expect(new TextDecoder().decode(a2.bytes)).toBe('A');
    expect(a1.sha256).toBe(a2.sha256);
    a1.bytes[0] = 0; // a caller's copy: the entry stays as rendered
    expect(new TextDecoder().decode((await cache.once('a', render('other'))).bytes)).toBe('A');
    await cache.once('b', render('B'));
    await cache.once('a', render('A')); // a is now the most recent, b the least
    await cache.once('c', render('C')); // b is dropped
    expect(renders).toEqual(['a', 'b', 'c']);
    await cache.once('a', render('A'));
    await cache.once('b', render('B'));
    expect(renders).toEqual(['a', 'b', 'c', 'b']);
    await expect(cache.once('x', () => Promise.reject(new Error('no font')))).rejects.toThrow('no font');
    expect(new TextDecoder().decode((await cache.once('x', render('X'))).bytes)).toBe('X');
    expect(renders.filter((k) => k === 'x')).toHaveLength(2);
  });
});

// Event files over real HTTP: the upload PUT as a browser's fetch sends it, and the download.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentityApp, type IdentityTestApp } from '../../identity/test-support.ts';
import { onboardedUser, pdfBytes, validEvent } from '../events/test-support.ts';

const MAX_BYTES = 4096;

describe('event files over real HTTP', () => {
  let t: IdentityTestApp;
  beforeAll(async () => {
    t = await startIdentityApp('sqlite', { listen: true, env: { UPLOAD_MAX_BYTES: String(MAX_BYTES) } });
  });
  afterAll(async () => {
    // fetch may have read a whole response (its Content-Length) before the server saw the response
    // finish; server.close() does not count such a keep-alive connection as idle and would wait for
    // its keep-alive timeout.
    t.app.server.closeAllConnections();
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('takes the PUT from fetch as a browser sends it and serves the download', async () => {
    const user = await onboardedUser(t, 'veranstalter');
    const auth = { authorization: `Bearer ${user.token}` };
    const event = (await (
      await fetch(`${t.baseUrl}/api/event/-1`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(validEvent()),
      })
    ).json()) as { id: number };
    const upload = (await (
      await fetch(`${t.baseUrl}/api/file/upload/${user.organisationId}/${event.id}/Vertrag/pdf`, { headers: auth })
    ).json()) as { url: string; key: string; s3_id: string; file: string };

    const tooBig = await fetch(`${t.baseUrl}${upload.url}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: new Uint8Array(Buffer.concat([pdfBytes(), Buffer.alloc(MAX_BYTES)])),
    });
    expect(tooBig.status).toBe(413);

    const bytes = pdfBytes('over http');
    const put = await fetch(`${t.baseUrl}${upload.url}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }),
    });
    expect(put.status).toBe(204);
    const file = { s3_id: upload.s3_id, name: upload.file, key: upload.key };
    const saved = await fetch(`${t.baseUrl}/api/event/${event.id}`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(validEvent({ files: [file] })),
    });
    expect(saved.status).toBe(200);

    const download = await fetch(`${t.baseUrl}/api/download?key=${encodeURIComponent(upload.key)}`, {
      headers: { ...auth, 'accept-encoding': 'gzip, br' },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
  });
});

// The font engine as pdf-lib gets it (decision 110): a font file's bytes are parsed once per thread,
// and a text is shaped once per font; what comes back is what a fresh parse and layout give.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadPdfLib } from './pdf-lib.ts';

const fontFile = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
type Run = { glyphs: Array<{ id: number; advanceWidth: number }> };
type Font = { layout(text: string, features?: unknown): Run };

describe('the font engine pdf-lib gets', () => {
  it('parses the same bytes once and shapes the same text once, with the answers of a fresh parse', async () => {
    const { fontkit } = await loadPdfLib();
    const create = (bytes: Uint8Array) => fontkit.create(bytes) as unknown as Font;
    const bytes = fs.readFileSync(fontFile);
    const kept = create(bytes);
    expect(create(bytes)).toBe(kept);
    // Other bytes (a file read again) are another font: nothing is shared by content.
    const fresh = create(Buffer.from(bytes));
    expect(fresh).not.toBe(kept);

    const text = 'Müller Getränke GmbH · Rechnung RE-2027-0001 · 2.975,00 €';
    const first = kept.layout(text);
    expect(kept.layout(text)).toBe(first);
    const glyphs = (run: Run) => run.glyphs.map((g) => [g.id, g.advanceWidth]);
    expect(glyphs(first)).toEqual(glyphs(fresh.layout(text)));
    expect(glyphs(first).length).toBeGreaterThan(20);
    // With options the call is the library's own each time.
    expect(kept.layout(text, ['liga'])).not.toBe(kept.layout(text, ['liga']));
  });
});

// pdf-lib and its font engine, loaded with the first document made (agreements, invoices), not at
// start: the two are 57 MB of memory and 0.2 s of start time that a server which makes no PDF has
// no use for (the idle-memory budget is 150 MB).
//
// The font engine is upstream fontkit 2, not pdf-lib's fork @pdf-lib/fontkit 1.1: the fork's
// subsetter writes CID-keyed CFF fonts (Noto Sans CJK) that readers reject, so Japanese, Chinese
// and Korean showed as empty boxes, and can shift TrueType glyphs (short loca). fontkit 2 only
// renamed the subset's output (encode() instead of the stream pdf-lib reads), which the adapter
// below gives back (decision 062).
import { EventEmitter } from 'node:events';
import type { RGB } from 'pdf-lib';

type PdfLib = typeof import('pdf-lib');
type Fontkit = Parameters<import('pdf-lib').PDFDocument['registerFontkit']>[0];

let loaded: Promise<{ PDFDocument: PdfLib['PDFDocument']; fontkit: Fontkit }> | undefined;

/**
 * fontkit 2 in the shape pdf-lib calls: a subset that streams its bytes. A font is parsed once per
 * file's bytes and thread (issue 57, decision 110): pdf-lib asks fontkit to parse the file again for
 * every document, and the tables it then reads (`post` for the italic angle, GSUB and GPOS for the
 * layout) were decoded afresh each time, a fifth of a document's time on the worker. A parsed font is
 * only read after that (its glyph and table caches fill; the subsets are per document), so a
 * document made with a kept font has the same bytes. The fonts kept are the ones lib/pdf-text.ts
 * keeps the bytes of (the same Buffer each time); a CJK file read anew for one document is a new
 * key, parsed for it and dropped with it (WeakMap).
 *
 * Its layout (shaping a text into glyphs: GSUB, GPOS, kerning) is kept per text, too: pdf-lib shapes
 * every run twice (its width, then its glyphs to draw), wrapping measures growing lines, and most
 * texts (labels, headings) come back in every document. A run is a pure function of the font and
 * the text, and pdf-lib only reads it (glyph ids and advances); at most LAYOUTS_KEPT texts per font.
 */
const LAYOUTS_KEPT = 4096;
type Shaper = { layout: (text: string, ...options: unknown[]) => unknown };

/** The font's `layout(text)` answered from what it answered before for that text (no options given). */
function keepLayouts(font: Shaper) {
  const layout = font.layout.bind(font);
  const runs = new Map<string, unknown>();
  font.layout = (text, ...options) => {
    if (options.some((option) => option !== undefined)) return layout(text, ...options);
    let run = runs.get(text);
    if (run === undefined) {
      if (runs.size >= LAYOUTS_KEPT) runs.clear();
      run = layout(text);
      runs.set(text, run);
    }
    return run;
  };
}

function adaptFontkit(fontkit: typeof import('fontkit')): Fontkit {
  const parsed = new WeakMap<Uint8Array, ReturnType<typeof fontkit.create>>();
  return {
    create(bytes: Uint8Array, postscriptName?: string) {
      const known = postscriptName === undefined ? parsed.get(bytes) : undefined;
      if (known) return known;
      const font = fontkit.create(bytes, postscriptName);
      if (postscriptName === undefined) parsed.set(bytes, font);
      keepLayouts(font as unknown as Shaper);
      const createSubset = font.createSubset.bind(font);
      font.createSubset = () => {
        const subset = createSubset();
        subset.encodeStream = () => {
          const stream = new EventEmitter();
          setImmediate(() => {
            try {
              stream.emit('data', subset.encode());
              stream.emit('end');
            } catch (error) {
              stream.emit('error', error);
            }
          });
          return stream;
        };
        return subset;
      };
      return font;
    },
  } as unknown as Fontkit;
}

export function loadPdfLib() {
  return (loaded ??= Promise.all([import('pdf-lib'), import('fontkit')]).then(([lib, fontkit]) => ({
    PDFDocument: lib.PDFDocument,
    fontkit: adaptFontkit(fontkit),
  })));
}

/** pdf-lib's rgb() without loading pdf-lib: the same plain object. */
export const rgbColour = (red: number, green: number, blue: number): RGB =>
  ({ type: 'RGB', red, green, blue }) as unknown as RGB;

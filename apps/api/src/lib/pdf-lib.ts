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

/** fontkit 2 in the shape pdf-lib calls: a subset that streams its bytes. */
function adaptFontkit(fontkit: typeof import('fontkit')): Fontkit {
  return {
    create(bytes: Uint8Array, postscriptName?: string) {
      const font = fontkit.create(bytes, postscriptName);
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

// pdf-lib and its font engine, loaded with the first document made (agreements, invoices), not at
// start: the two are 57 MB of memory and 0.2 s of start time that a server which makes no PDF has
// no use for (the idle-memory budget is 150 MB).
import type { RGB } from 'pdf-lib';

type PdfLib = typeof import('pdf-lib');
type Fontkit = Parameters<import('pdf-lib').PDFDocument['registerFontkit']>[0];

let loaded: Promise<{ PDFDocument: PdfLib['PDFDocument']; fontkit: Fontkit }> | undefined;

export function loadPdfLib() {
  return (loaded ??= Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]).then(([lib, fontkit]) => ({
    PDFDocument: lib.PDFDocument,
    fontkit: fontkit.default,
  })));
}

/** pdf-lib's rgb() without loading pdf-lib: the same plain object. */
export const rgbColour = (red: number, green: number, blue: number): RGB =>
  ({ type: 'RGB', red, green, blue }) as unknown as RGB;

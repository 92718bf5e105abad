// The one way generated PDFs (agreements, invoices, reminders) put text on a page, legible in any
// script a name or address may come in (decision 062):
// - a font per run of text by script: DejaVu Sans (Latin with diacritics, Greek, Cyrillic), Noto Sans
//   Hebrew, Noto Naskh Arabic, Noto Sans CJK JP / SC / KR; neutral characters (spaces, digits,
//   punctuation) stay with their neighbours' font when it has them;
// - only the families the document's text needs are embedded, each as a subset of the glyphs used
//   (a CJK font is 4-8 MB, its subset for a name a few kB) under a fixed name, so the same data
//   still gives the same bytes;
// - each line is put in visual order by the Unicode bidi algorithm (bidi-js, UAX #9; base direction
//   left to right, the documents' languages are German and English): runs reordered by level, right-to-left runs reversed, mirrored brackets; Arabic is shaped (joining
//   forms, lam-alef) by fontkit from the font's GSUB, which also reverses a run whose first strong
//   character is right-to-left, so this code reverses only the runs fontkit would not;
// - every glyph keeps its characters (ToUnicode), so copying or pdftotext gives the text back.
// Lines are broken on the logical text first, then each line is reordered (UAX #9 section 3.4).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import bidiFactory from 'bidi-js';
import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';
import { loadPdfLib, rgbColour } from './pdf-lib.ts';

const require = createRequire(import.meta.url);
// Built with the first document, not at start (the server that makes no PDF has no use for it).
let bidiTables: ReturnType<typeof bidiFactory> | undefined;
const bidiOf = () => (bidiTables ??= bidiFactory());

type Family = 'latin' | 'hebrew' | 'arabic' | 'jp' | 'sc' | 'kr';
const ORDER: Family[] = ['latin', 'hebrew', 'arabic', 'jp', 'sc', 'kr'];

// The @embedpdf packages export only an index; their fonts sit beside it in fonts/.
const fontPackage = (index: string) => (file: string) => path.join(path.dirname(index), '..', 'fonts', file);
const hebrewFont = fontPackage(require.resolve('@embedpdf/fonts-hebrew'));
const arabicFont = fontPackage(require.resolve('@embedpdf/fonts-arabic'));
const jpFont = fontPackage(require.resolve('@embedpdf/fonts-jp'));
const scFont = fontPackage(require.resolve('@embedpdf/fonts-sc'));
const krFont = fontPackage(require.resolve('@embedpdf/fonts-kr'));
const dejavu = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);

const FILES: Record<Family, { regular: string; bold: string; name: string; keep: boolean }> = {
  latin: { regular: dejavu('DejaVuSans.ttf'), bold: dejavu('DejaVuSans-Bold.ttf'), name: 'DejaVuSans', keep: true },
  hebrew: {
    regular: hebrewFont('NotoSansHebrew-Regular.ttf'),
    bold: hebrewFont('NotoSansHebrew-Bold.ttf'),
    name: 'NotoSansHebrew',
    keep: true,
  },
  arabic: {
    regular: arabicFont('NotoNaskhArabic-Regular.ttf'),
    bold: arabicFont('NotoNaskhArabic-Bold.ttf'),
    name: 'NotoNaskhArabic',
    keep: true,
  },
  // The CJK files (4.5-8.6 MB each) are read for the document that needs them and not kept.
  jp: {
    regular: jpFont('NotoSansJP-Regular.otf'),
    bold: jpFont('NotoSansJP-Bold.otf'),
    name: 'NotoSansJP',
    keep: false,
  },
  sc: {
    regular: scFont('NotoSansHans-Regular.otf'),
    bold: scFont('NotoSansHans-Bold.otf'),
    name: 'NotoSansSC',
    keep: false,
  },
  kr: {
    regular: krFont('NotoSansKR-Regular.otf'),
    bold: krFont('NotoSansKR-Bold.otf'),
    name: 'NotoSansKR',
    keep: false,
  },
};

const kept = new Map<string, Buffer>();
const readFont = (file: string, keep: boolean): Buffer => {
  const cached = kept.get(file);
  if (cached) return cached;
  const bytes = fs.readFileSync(file);
  if (keep) kept.set(file, bytes);
  return bytes;
};

type Script = Family | 'han' | 'cjk' | null;

const within = (cp: number, ranges: ReadonlyArray<readonly [number, number]>) =>
  ranges.some(([from, to]) => cp >= from && cp <= to);

/** The script a character asks a font for; null for a neutral one (space, digit, punctuation). */
export function scriptOf(cp: number): Script {
  if (cp < 0x80) return /[A-Za-z]/.test(String.fromCodePoint(cp)) ? 'latin' : null;
  if (
    within(cp, [
      [0x0590, 0x05ff],
      [0xfb1d, 0xfb4f],
    ])
  )
    return 'hebrew';
  if (
    within(cp, [
      [0x0600, 0x06ff],
      [0x0750, 0x077f],
      [0x0870, 0x08ff],
      [0xfb50, 0xfdff],
      [0xfe70, 0xfeff],
    ])
  )
    return 'arabic';
  if (
    within(cp, [
      [0x3040, 0x30ff],
      [0x31f0, 0x31ff],
      [0xff65, 0xff9f],
    ])
  )
    return 'jp';
  if (
    within(cp, [
      [0x1100, 0x11ff],
      [0x3130, 0x318f],
      [0xa960, 0xa97f],
      [0xac00, 0xd7ff],
    ])
  )
    return 'kr';
  if (
    within(cp, [
      [0x2e80, 0x2fdf],
      [0x3400, 0x4dbf],
      [0x4e00, 0x9fff],
      [0xf900, 0xfaff],
      [0x20000, 0x3ffff],
    ])
  )
    return 'han';
  if (
    within(cp, [
      [0x3000, 0x303f],
      [0xff00, 0xffef],
    ])
  )
    return 'cjk';
  if (
    within(cp, [
      [0x00a0, 0x00bf],
      [0x00d7, 0x00d7],
      [0x00f7, 0x00f7],
      [0x2000, 0x206f],
      [0x20a0, 0x20cf],
    ])
  )
    return null;
  return 'latin';
}

type Faces = { regular: PDFFont; bold: PDFFont; has: Set<number> };
type Run = { text: string; font: PDFFont };
type Style = { size: number; bold?: boolean; color?: RGB };

export type PdfText = {
  /** Width of one line at `size` points. */
  width(line: string, size: number, bold?: boolean): number;
  /** Draws one line with its left edge at x. */
  draw(page: PDFPage, line: string, x: number, y: number, style: Style): void;
  /** Lines that fit `width`, keeping the author's line breaks; a word longer than a line is cut. */
  wrap(text: string, size: number, width: number, bold?: boolean): string[];
};

/** Embeds the fonts the document's text (`sample`: all of it, in any shape) needs. */
export async function embedPdfText(doc: PDFDocument, sample: string): Promise<PdfText> {
  const bidi = bidiOf();
  doc.registerFontkit((await loadPdfLib()).fontkit);
  const scripts = new Set<Script>();
  for (const ch of sample) scripts.add(scriptOf(ch.codePointAt(0)!));
  const faces = new Map<Family, Faces>();
  const embed = async (family: Family) => {
    const files = FILES[family];
    const regular = await doc.embedFont(readFont(files.regular, files.keep), {
      subset: true,
      customName: `${files.name}-Regular`,
    });
    const bold = await doc.embedFont(readFont(files.bold, files.keep), {
      subset: true,
      customName: `${files.name}-Bold`,
    });
    faces.set(family, { regular, bold, has: new Set(regular.getCharacterSet()) });
  };
  const han = [...sample].map((ch) => ch.codePointAt(0)!).filter((cp) => scriptOf(cp) === 'han');
  const covered = (family: Family, cp: number) => faces.get(family)?.has.has(cp) ?? false;
  for (const family of ORDER) {
    const needed =
      family === 'latin' ||
      scripts.has(family) ||
      (family === 'jp' && (scripts.has('han') || scripts.has('cjk'))) ||
      (family === 'sc' && han.some((cp) => !covered('jp', cp))) ||
      (family === 'kr' && han.some((cp) => !covered('jp', cp) && !covered('sc', cp)));
    if (needed) await embed(family);
  }

  const fontFor = (family: Family, bold: boolean | undefined) => {
    const face = faces.get(family) ?? faces.get('latin')!;
    return bold ? face.bold : face.regular;
  };

  /** The family of each code point of a line: by script, Han by the line's other CJK, neutrals by neighbours. */
  const familiesOf = (cps: number[]): Family[] => {
    const hanOrder: Family[] = cps.some((cp) => scriptOf(cp) === 'jp')
      ? ['jp', 'sc', 'kr']
      : cps.some((cp) => scriptOf(cp) === 'kr')
        ? ['kr', 'jp', 'sc']
        : ['jp', 'sc', 'kr'];
    const strong: Array<Family | null> = cps.map((cp) => {
      const script = scriptOf(cp);
      if (script === 'han' || script === 'cjk') return hanOrder.find((f) => covered(f, cp)) ?? hanOrder[0]!;
      if (script === null) return null;
      return faces.has(script) ? script : 'latin';
    });
    const after: Array<Family | null> = [];
    for (let index = strong.length - 1, next: Family | null = null; index >= 0; index--) {
      after[index] = next;
      next = strong[index] ?? next;
    }
    let before: Family | null = null;
    return strong.map((family, index) => {
      if (family) return (before = family);
      const cp = cps[index]!;
      const next = after[index];
      if (before && covered(before, cp)) return before;
      if (next && covered(next, cp)) return next;
      return 'latin';
    });
  };

  /** Whether fontkit reverses this text itself: its first strong character is right-to-left. */
  const fontkitReverses = (chars: string[]) => {
    for (const ch of chars) {
      const type = bidi.getBidiCharTypeName(ch);
      if (type === 'R' || type === 'AL') return true;
      if (type === 'AN') return scriptOf(ch.codePointAt(0)!) === 'arabic';
      if (type === 'L') return false;
    }
    return false;
  };

  /** A line's runs in visual (left to right) order. */
  const layout = (line: string, bold: boolean | undefined): Run[] => {
    if (!line) return [];
    // The documents are German or English, laid out left to right: each line's base direction is
    // LTR, so a right-to-left name reads right to left within the line and the line keeps its order.
    const levels = bidi.getEmbeddingLevels(line, 'ltr');
    const mirrored = bidi.getMirroredCharactersMap(line, levels.levels);
    const chars: string[] = [];
    const charLevels: number[] = [];
    let unit = 0;
    for (const ch of line) {
      chars.push(mirrored.get(unit) ?? ch);
      charLevels.push(levels.levels[unit]!);
      unit += ch.length;
    }
    const families = familiesOf(chars.map((ch) => ch.codePointAt(0)!));
    const runs: Array<{ chars: string[]; level: number; family: Family }> = [];
    chars.forEach((ch, index) => {
      const last = runs.at(-1);
      if (last && last.level === charLevels[index] && last.family === families[index]) last.chars.push(ch);
      else runs.push({ chars: [ch], level: charLevels[index]!, family: families[index]! });
    });
    // UAX #9 L2: from the highest level down to the lowest odd one, reverse each sequence at or above it.
    const highest = Math.max(...runs.map((r) => r.level));
    const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 === 1 ? r.level : Infinity)));
    for (let level = highest; level >= lowestOdd && level > 0; level--) {
      for (let start = 0; start < runs.length; start++) {
        if (runs[start]!.level < level) continue;
        let end = start;
        while (end + 1 < runs.length && runs[end + 1]!.level >= level) end++;
        runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse());
        start = end;
      }
    }
    return runs.map((run) => {
      const rtl = run.level % 2 === 1;
      const text = rtl === fontkitReverses(run.chars) ? run.chars.join('') : [...run.chars].reverse().join('');
      return { text, font: fontFor(run.family, bold) };
    });
  };

  // A run's width by font, size and text: wrapping measures each growing candidate line, so the same
  // runs were shaped (fontkit's layout) again and again. The same call answers the same number.
  const widths = new Map<PDFFont, Map<string, number>>();
  const runWidth = (font: PDFFont, text: string, size: number) => {
    let known = widths.get(font);
    if (!known) widths.set(font, (known = new Map()));
    const key = `${size}\u0000${text}`;
    let value = known.get(key);
    if (value === undefined) known.set(key, (value = font.widthOfTextAtSize(text, size)));
    return value;
  };
  const width = (line: string, size: number, bold?: boolean) =>
    layout(line, bold).reduce((sum, run) => sum + runWidth(run.font, run.text, size), 0);

  return {
    width,
    draw(page, line, x, y, style) {
      let at = x;
      for (const run of layout(line, style.bold)) {
        page.drawText(run.text, {
          x: at,
          y,
          size: style.size,
          font: run.font,
          color: style.color ?? rgbColour(0, 0, 0),
        });
        at += runWidth(run.font, run.text, style.size);
      }
    },
    wrap(text, size, maxWidth, bold) {
      const lines: string[] = [];
      for (const paragraphLine of text.replace(/\r\n?/g, '\n').split('\n')) {
        let line = '';
        for (const word of paragraphLine.split(/ +/)) {
          const candidate = line ? `${line} ${word}` : word;
          if (width(candidate, size, bold) <= maxWidth) {
            line = candidate;
            continue;
          }
          if (line) lines.push(line);
          let rest = [...word];
          while (rest.length > 1 && width(rest.join(''), size, bold) > maxWidth) {
            let cut = rest.length - 1;
            while (cut > 1 && width(rest.slice(0, cut).join(''), size, bold) > maxWidth) cut--;
            lines.push(rest.slice(0, cut).join(''));
            rest = rest.slice(cut);
          }
          line = rest.join('');
        }
        lines.push(line);
      }
      return lines;
    },
  };
}

// Names in every script the documents must carry (decision 062), and how the tests read a PDF's text
// layer back: poppler's pdftotext, with its complaints about broken fonts (shown as empty boxes).
import { spawnSync } from 'node:child_process';

export const NAMES = {
  latin: 'Šárka Dvořáková-Øster',
  greek: 'Γεώργιος Παπαδόπουλος',
  cyrillic: 'Анна Сергеевна Кузнецова',
  japanese: '山田 花子（やまだ はなこ）',
  chinese: '张伟 北京市海淀区',
  korean: '김민준 서울특별시',
  hebrew: 'דוד כהן',
  arabic: 'محمد العلي',
} as const;

/** Only characters, no spacing or bidi marks: poppler wraps right-to-left lines in U+202B … U+202C. */
export const letters = (text: string) => text.replace(/[\s\u200e\u200f\u202a-\u202e\u2066-\u2069（）()]/gu, '');

/** pdftotext's text and poppler's complaints about the fonts. */
export function pdfTextOf(bytes: Uint8Array): { text: string; complaints: string } {
  const result = spawnSync('pdftotext', ['-', '-'], { input: Buffer.from(bytes), encoding: 'utf8' });
  return { text: result.stdout, complaints: result.stderr };
}

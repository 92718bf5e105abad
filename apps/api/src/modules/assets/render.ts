// Pictures made from an asset's original on the server (decision 089): the proof (the logo placed on
// a mock-up of its placement — banner, slide or website header — with the event's name) and the
// normalised PNG and PDF variants of the print bundle. Only sharp and pdf-lib, no outside assets: the
// mock-up is drawn from shapes, its text set with the DejaVu font the PDFs use. An SVG reaches sharp
// only after check.ts let it through (no scripts, no external references, no entities); a PDF
// original is not rasterised (libvips here reads no PDF), so its proof shows a labelled frame.
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { AssetPlacement } from '@sp/shared';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
const deflate = promisify(zlib.deflate);

let loaded: Promise<typeof import('sharp').default> | undefined;
const loadSharp = () =>
  (loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));

type Layout = {
  width: number;
  height: number;
  /** The frame the logo is fitted into. */
  logo: { left: number; top: number; width: number; height: number };
  /** Where the event's name is set, and how large. */
  title: { left: number; top: number; width: number; dpi: number; colour: string };
  shapes: string;
};

const LAYOUTS: Record<AssetPlacement, Layout> = {
  // A roll-up banner seen from the front: a coloured band with the event, the logo on white.
  banner: {
    width: 1600,
    height: 560,
    logo: { left: 860, top: 110, width: 620, height: 340 },
    title: { left: 80, top: 190, width: 680, dpi: 260, colour: '#ffffff' },
    shapes:
      '<rect width="1600" height="560" fill="#1e3a5f"/><rect x="800" y="40" width="740" height="480" rx="16" fill="#ffffff"/>' +
      '<rect x="80" y="420" width="320" height="10" fill="#f59e0b"/>',
  },
  // A slide of the event: the title on top, "our sponsor" frame below.
  slide: {
    width: 1280,
    height: 720,
    logo: { left: 340, top: 300, width: 600, height: 320 },
    title: { left: 90, top: 80, width: 1100, dpi: 220, colour: '#111827' },
    shapes:
      '<rect width="1280" height="720" fill="#f8fafc"/><rect width="1280" height="24" fill="#1e3a5f"/>' +
      '<rect x="300" y="270" width="680" height="380" rx="12" fill="#ffffff" stroke="#cbd5e1" stroke-width="3"/>',
  },
  // A website's header: a bar with the logo at the left, navigation placeholders, the event below.
  website: {
    width: 1440,
    height: 480,
    logo: { left: 48, top: 24, width: 280, height: 104 },
    title: { left: 48, top: 230, width: 1000, dpi: 240, colour: '#ffffff' },
    shapes:
      '<rect width="1440" height="480" fill="#334155"/><rect width="1440" height="152" fill="#ffffff"/>' +
      '<rect x="860" y="64" width="110" height="22" rx="11" fill="#cbd5e1"/><rect x="1000" y="64" width="110" height="22" rx="11" fill="#cbd5e1"/>' +
      '<rect x="1140" y="56" width="240" height="40" rx="20" fill="#1e3a5f"/>',
  },
};

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').slice(0, 120);

/** An original as a raster image (PNG bytes) at least `minWidth` wide for a vector; null for a PDF. */
export async function rasterOf(original: Buffer, type: string, minWidth = 0): Promise<Buffer | null> {
  if (type === 'pdf') return null;
  const sharp = await loadSharp();
  if (type === 'svg') {
    const meta = await sharp(original, { limitInputPixels: 50_000_000 }).metadata();
    const target = Math.max(minWidth, 2000);
    const density = Math.min(2400, Math.max(1, (72 * target) / Math.max(1, meta.width ?? target)));
    return sharp(original, { density, limitInputPixels: 200_000_000 })
      .resize({ width: Math.min(target, 20_000), withoutEnlargement: false })
      .png()
      .toBuffer();
  }
  return sharp(original, { limitInputPixels: 50_000_000, pages: 1 }).png().toBuffer();
}

/** The proof: the logo fitted into its placement's frame on the mock-up, as PNG. */
export async function renderProof(original: Buffer, type: string, placement: AssetPlacement, eventTitle: string) {
  const sharp = await loadSharp();
  const layout = LAYOUTS[placement];
  const { logo } = layout;
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}">${layout.shapes}</svg>`,
  );
  const title = await sharp({
    text: {
      text: `<span foreground="${layout.title.colour}">${escapeText(eventTitle)}</span>`,
      fontfile: FONT,
      font: 'DejaVu Sans Bold',
      width: layout.title.width,
      dpi: layout.title.dpi,
      rgba: true,
      wrap: 'word',
    },
  })
    .png()
    .toBuffer();
  const titleMeta = await sharp(title).metadata();
  const raster = await rasterOf(original, type, logo.width);
  const logoImage = raster
    ? await sharp(raster).resize({ width: logo.width, height: logo.height, fit: 'inside' }).png().toBuffer()
    : await sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${logo.width}" height="${logo.height}"><rect x="4" y="4" width="${logo.width - 8}" height="${logo.height - 8}" fill="none" stroke="#64748b" stroke-width="6" stroke-dasharray="18 12"/></svg>`,
        ),
      )
        .composite([
          {
            input: { text: { text: 'PDF', fontfile: FONT, font: 'DejaVu Sans Bold', dpi: 300, rgba: true } },
            gravity: 'center',
          },
        ])
        .png()
        .toBuffer();
  const logoMeta = await sharp(logoImage).metadata();
  const titleTop = Math.min(layout.title.top, layout.height - (titleMeta.height ?? 0) - 8);
  return sharp(background)
    .composite([
      { input: title, left: layout.title.left, top: Math.max(0, titleTop) },
      {
        input: logoImage,
        left: logo.left + Math.round((logo.width - (logoMeta.width ?? logo.width)) / 2),
        top: logo.top + Math.round((logo.height - (logoMeta.height ?? logo.height)) / 2),
      },
    ])
    .png()
    .toBuffer();
}

/**
 * A single-page PDF holding the image at 300 dpi (the PDF variant of a raster or SVG original). The
 * image goes in as an XObject deflated by zlib with its alpha as a soft mask, built with pdf-lib's
 * low-level API: its own embedPng decodes and deflates in JavaScript, seconds for a large logo.
 */
export async function pdfOf(png: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(png, { limitInputPixels: 400_000_000 }).resize({
    width: 6000,
    height: 6000,
    fit: 'inside',
    withoutEnlargement: true,
  });
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = info.width * info.height;
  const rgb = Buffer.alloc(pixels * 3);
  const alpha = Buffer.alloc(pixels);
  for (let i = 0; i < pixels; i++) {
    rgb[i * 3] = data[i * 4]!;
    rgb[i * 3 + 1] = data[i * 4 + 1]!;
    rgb[i * 3 + 2] = data[i * 4 + 2]!;
    alpha[i] = data[i * 4 + 3]!;
  }
  const [rgbZ, alphaZ] = await Promise.all([deflate(rgb), deflate(alpha)]);
  const lib = await import('pdf-lib');
  const doc = await lib.PDFDocument.create();
  const ctx = doc.context;
  const common = { Type: 'XObject', Subtype: 'Image', Width: info.width, Height: info.height, BitsPerComponent: 8 };
  const mask = ctx.register(ctx.stream(alphaZ, { ...common, ColorSpace: 'DeviceGray', Filter: 'FlateDecode' }));
  const picture = ctx.register(
    ctx.stream(rgbZ, { ...common, ColorSpace: 'DeviceRGB', Filter: 'FlateDecode', SMask: mask }),
  );
  const width = (info.width * 72) / 300;
  const height = (info.height * 72) / 300;
  const page = doc.addPage([width, height]);
  page.node.setXObject(lib.PDFName.of('Logo'), picture);
  page.pushOperators(
    lib.pushGraphicsState(),
    lib.concatTransformationMatrix(width, 0, 0, height, 0, 0),
    lib.drawObject('Logo'),
    lib.popGraphicsState(),
  );
  doc.setCreator('sponsoring platform');
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

/** Whether an image has no colour: every pixel's channels within a small tolerance of each other. */
export async function isMonochrome(original: Buffer, type: string): Promise<boolean | null> {
  const raster = await rasterOf(original, type, 0);
  if (!raster) return null;
  const sharp = await loadSharp();
  const { data, info } = await sharp(raster)
    .resize({ width: 256, height: 256, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i += info.channels) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    if (Math.max(r, g, b) - Math.min(r, g, b) > 12) return false;
  }
  return true;
}

// Pictures for the evidence tests: a camera-like JPEG carrying GPS coordinates and an orientation in
// its EXIF (written byte by byte, as a phone writes them), so a test can prove both are gone.
import sharp from 'sharp';

const rational = (values: Array<[number, number]>) => {
  const bytes = Buffer.alloc(values.length * 8);
  values.forEach(([n, d], i) => {
    bytes.writeUInt32LE(n, i * 8);
    bytes.writeUInt32LE(d, i * 8 + 4);
  });
  return bytes;
};

/** The latitude's seconds as written in the EXIF: found in a file, its location is still in it. */
export const GPS_SECONDS = rational([[1234, 100]]);

/** A little-endian TIFF block: IFD0 (orientation 6, the GPS pointer) and a GPS IFD (52° 31′ N, 13° 24′ E). */
function gpsExif(): Buffer {
  const entry = (tag: number, type: number, count: number, value: Buffer) => {
    const bytes = Buffer.alloc(12);
    bytes.writeUInt16LE(tag, 0);
    bytes.writeUInt16LE(type, 2);
    bytes.writeUInt32LE(count, 4);
    value.copy(bytes, 8);
    return bytes;
  };
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    return b;
  };
  const ifd = (entries: Buffer[]) => {
    const count = Buffer.alloc(2);
    count.writeUInt16LE(entries.length);
    return Buffer.concat([count, ...entries, u32(0)]);
  };
  const gpsAt = 8 + 2 + 2 * 12 + 4;
  const latitudeAt = gpsAt + 2 + 4 * 12 + 4;
  const longitudeAt = latitudeAt + 24;
  const header = Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]);
  const ifd0 = ifd([entry(0x0112, 3, 1, Buffer.from([6, 0, 0, 0])), entry(0x8825, 4, 1, u32(gpsAt))]);
  const gps = ifd([
    entry(0x0001, 2, 2, Buffer.from('N\0\0\0', 'latin1')),
    entry(0x0002, 5, 3, u32(latitudeAt)),
    entry(0x0003, 2, 2, Buffer.from('E\0\0\0', 'latin1')),
    entry(0x0004, 5, 3, u32(longitudeAt)),
  ]);
  const latitude = Buffer.concat([
    rational([
      [52, 1],
      [31, 1],
    ]),
    GPS_SECONDS,
  ]);
  const longitude = rational([
    [13, 1],
    [24, 1],
    [5678, 100],
  ]);
  return Buffer.concat([header, ifd0, gps, latitude, longitude]);
}

/** A 640 × 480 JPEG as a phone stores it sideways: EXIF orientation 6 and the GPS position. */
export async function phonePhotoWithGps(width = 640, height = 480): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 37 + (i >> 7)) & 0xff;
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  const tiff = gpsExif();
  const app1 = Buffer.alloc(4);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(2 + 6 + tiff.length, 2);
  // Right after the start-of-image marker, where cameras put it.
  return Buffer.concat([jpeg.subarray(0, 2), app1, Buffer.from('Exif\0\0', 'latin1'), tiff, jpeg.subarray(2)]);
}

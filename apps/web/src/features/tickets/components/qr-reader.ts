// Reads a QR code from a video frame or an image: the browser's BarcodeDetector where it exists, else
// jsQR, loaded only when first needed so the door's decoder stays out of the main bundle.
type Detector = { detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>> };
type DetectorConstructor = new (options: { formats: string[] }) => Detector;

let native: Detector | null | undefined;

const nativeDetector = (): Detector | null => {
  if (native !== undefined) return native;
  const ctor = (globalThis as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
  native = ctor ? new ctor({ formats: ['qr_code'] }) : null;
  return native;
};

/** The text of the QR code in `source` (drawn at its natural size), or null. */
export async function readQr(
  source: HTMLVideoElement | ImageBitmap,
  width: number,
  height: number,
): Promise<string | null> {
  const detector = nativeDetector();
  if (detector) {
    try {
      const found = await detector.detect(source);
      if (found[0]) return found[0].rawValue;
      return null;
    } catch {
      native = null;
    }
  }
  if (width === 0 || height === 0) return null;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, width, height);
  const { default: jsQR } = await import('jsqr');
  const image = context.getImageData(0, 0, width, height);
  return jsQR(image.data, width, height)?.data ?? null;
}

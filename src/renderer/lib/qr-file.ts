/**
 * A PNG or JPEG file's QR code (shared/lib/qr-image.ts): the browser decodes the image (createImageBitmap), a
 * canvas gives its pixels, scaled down to QR_DECODE_MAX_SIDE first. Throws an Error in plain words.
 */
import { decodeQr, QR_DECODE_MAX_SIDE, QR_IMAGE_MAX_BYTES } from '../../shared/lib/qr-image';

const TYPES = new Set(['image/png', 'image/jpeg']);

export async function qrTextFromFile(file: File): Promise<string> {
  if (!TYPES.has(file.type)) {
    throw new Error(`“${file.name}” is not a PNG or JPEG image.`);
  }
  if (file.size > QR_IMAGE_MAX_BYTES) {
    throw new Error(
      `“${file.name}” is larger than ${QR_IMAGE_MAX_BYTES / 1024 / 1024} MB; crop it to the QR code.`,
    );
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(`“${file.name}” cannot be read as an image.`);
  }
  try {
    const scale = Math.min(1, QR_DECODE_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (context === null) throw new Error('This window cannot read images (no 2D canvas).');
    context.drawImage(bitmap, 0, 0, width, height);
    const text = decodeQr(context.getImageData(0, 0, width, height));
    if (text === undefined) throw new Error(`No QR code was found in “${file.name}”.`);
    return text;
  } finally {
    bitmap.close();
  }
}

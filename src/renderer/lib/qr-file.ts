/**
 * A PNG or JPEG file's QR code (shared/lib/qr-image.ts). Before anything is decoded: the file's size
 * (shared/lib/file-limits.ts) and the pixels its header declares (shared/lib/image-size.ts) are checked, so a
 * small file declaring a huge image costs nothing. Then a Web Worker (qr-worker.ts) decodes the image scaled
 * down to QR_DECODE_MAX_SIDE and searches it, and the window keeps answering meanwhile; where no worker can do it
 * (no OffscreenCanvas), the same is done here. Throws an Error in plain words.
 */
import { fileTooLarge, QR_IMAGE_FILE } from '../../shared/lib/file-limits';
import { imageSize, type ImageSize } from '../../shared/lib/image-size';
import { decodeQr, decodeSize, imagePixelsProblem } from '../../shared/lib/qr-image';

const TYPES = new Set(['image/png', 'image/jpeg']);
/** A JPEG's frame header follows its metadata (EXIF, colour profiles), which may take a few hundred KB. */
const HEADER_BYTES = 1024 * 1024;

export interface QrDecodeRequest {
  file: Blob;
  width: number;
  height: number;
}

/** What the worker answers: the code's text (null when none was found), or that it could not decode. */
export type QrDecodeAnswer = { text: string | null } | { unreadable: true } | { unsupported: true };

export async function qrTextFromFile(file: File): Promise<string> {
  if (!TYPES.has(file.type)) {
    throw new Error(`“${file.name}” is not a PNG or JPEG image.`);
  }
  const tooLarge = fileTooLarge(file.name, file.size, QR_IMAGE_FILE);
  if (tooLarge !== undefined) throw new Error(tooLarge);
  const size = imageSize(new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer()));
  if (size === undefined) throw new Error(`“${file.name}” cannot be read as a PNG or JPEG image.`);
  const tooManyPixels = imagePixelsProblem(file.name, size);
  if (tooManyPixels !== undefined) throw new Error(tooManyPixels);
  const answer = await decodeOffThread({ file, ...decodeSize(size) });
  if ('unreadable' in answer) throw new Error(`“${file.name}” cannot be read as an image.`);
  if ('unsupported' in answer) return textOf(file, await decodeHere(file, decodeSize(size)));
  return textOf(file, answer.text);
}

function textOf(file: File, text: string | null | undefined): string {
  if (text === null || text === undefined) throw new Error(`No QR code was found in “${file.name}”.`);
  return text;
}

function decodeOffThread(request: QrDecodeRequest): Promise<QrDecodeAnswer> {
  if (typeof Worker === 'undefined') return Promise.resolve({ unsupported: true });
  let worker: Worker;
  try {
    worker = new Worker(new URL('./qr-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return Promise.resolve({ unsupported: true });
  }
  return new Promise((resolve) => {
    worker.onmessage = (event: MessageEvent<QrDecodeAnswer>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      resolve({ unsupported: true });
    };
    worker.postMessage(request);
  });
}

/** The window's own decoding, where no worker can: the browser decodes the image scaled, a canvas gives its pixels. */
async function decodeHere(file: File, size: ImageSize): Promise<string | undefined> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { resizeWidth: size.width, resizeHeight: size.height });
  } catch {
    throw new Error(`“${file.name}” cannot be read as an image.`);
  }
  try {
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (context === null) throw new Error('This window cannot read images (no 2D canvas).');
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return decodeQr(context.getImageData(0, 0, size.width, size.height));
  } finally {
    bitmap.close();
  }
}

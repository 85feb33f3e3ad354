/**
 * A QR code image decoded and searched on a Web Worker (qr-file.ts starts it): the image decoded at the size
 * asked (at most QR_DECODE_MAX_SIDE on its longest side), drawn on an OffscreenCanvas, its pixels searched by jsQR.
 */
import { decodeQr } from '../../shared/lib/qr-image';
import type { QrDecodeAnswer, QrDecodeRequest } from './qr-file';

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<QrDecodeRequest>) => void) | null;
  postMessage(message: QrDecodeAnswer): void;
};

async function decode({ file, width, height }: QrDecodeRequest): Promise<QrDecodeAnswer> {
  if (typeof OffscreenCanvas === 'undefined') return { unsupported: true };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { resizeWidth: width, resizeHeight: height });
  } catch {
    return { unreadable: true };
  }
  try {
    const context = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true });
    if (context === null) return { unsupported: true };
    context.drawImage(bitmap, 0, 0, width, height);
    return { text: decodeQr(context.getImageData(0, 0, width, height)) ?? null };
  } finally {
    bitmap.close();
  }
}

scope.onmessage = (event) => {
  void decode(event.data).then((answer) => scope.postMessage(answer));
};

/**
 * A QR code read from an image's pixels (jsQR, a pure-JavaScript port of ZXing's QR reader), and what its text
 * asks for: a payment link as shared/lib/payment-link.ts reads it, or a bare address (what most wallets' receive
 * QR codes hold), which is the AIP-13 link `ark:<address>` without amount. Anything else is refused with what
 * the code holds, so a person sees why nothing was filled.
 */
import jsQR from 'jsqr';
import { QR_IMAGE_FILE } from './file-limits';
import type { ImageSize } from './image-size';
import { readPaymentLink } from './payment-link';

export interface RgbaImage {
  /** 4 bytes a pixel, rows top to bottom (ImageData's layout). */
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** Larger files are refused before they are decoded (a photo of a QR code is a few MB): file-limits.ts. */
export const QR_IMAGE_MAX_BYTES = QR_IMAGE_FILE.maxBytes;
/**
 * Larger images are refused from the size their header declares, before they are decoded (image-size.ts): 50
 * million pixels hold a 48-megapixel phone photo, and decode to 200 MB at most.
 */
export const QR_IMAGE_MAX_PIXELS = 50_000_000;
/** Images are scaled down to this longest side before the search (a QR code needs far fewer pixels). */
export const QR_DECODE_MAX_SIDE = 1600;

/** The sentence for an image with more pixels than QR_IMAGE_MAX_PIXELS, or undefined. */
export function imagePixelsProblem(name: string, size: ImageSize): string | undefined {
  if (size.width > 0 && size.height > 0 && size.width * size.height <= QR_IMAGE_MAX_PIXELS) return undefined;
  const megapixels = Math.round((size.width * size.height) / 1_000_000);
  return `“${name}” is ${size.width} × ${size.height} pixels (${megapixels} million); a QR code image may have at most ${QR_IMAGE_MAX_PIXELS / 1_000_000} million: ${QR_IMAGE_FILE.hint}.`;
}

/** The size an image is decoded at for the search: at most QR_DECODE_MAX_SIDE on its longest side. */
export function decodeSize(size: ImageSize): ImageSize {
  const scale = Math.min(1, QR_DECODE_MAX_SIDE / Math.max(size.width, size.height));
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{25,40}$/;

/** The text of the first QR code found in the image, or undefined when there is none. */
export function decodeQr(image: RgbaImage): string | undefined {
  if (image.width <= 0 || image.height <= 0 || image.data.length < image.width * image.height * 4) {
    return undefined;
  }
  const found = jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' });
  return found === null ? undefined : found.data;
}

export type QrLinkReading = { ok: true; link: string } | { ok: false; message: string };

/** The link a QR code's text opens, or why it opens none. */
export function linkFromQrText(text: string): QrLinkReading {
  const trimmed = text.trim();
  if (ADDRESS.test(trimmed)) return { ok: true, link: `ark:${trimmed}` };
  const reading = readPaymentLink(trimmed);
  if (reading.ok) return { ok: true, link: trimmed };
  const shown = trimmed.length > 80 ? `${trimmed.slice(0, 80)}…` : trimmed;
  return {
    ok: false,
    message: `The QR code holds “${shown}”, which is neither a payment link nor an address. ${reading.message}`,
  };
}

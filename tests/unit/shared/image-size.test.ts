/**
 * The size a PNG or JPEG declares, read from its header before decoding (shared/lib/image-size.ts), and the QR
 * reader's refusal of an image with too many pixels (shared/lib/qr-image.ts): a small file declaring a huge image
 * (a decompression bomb) is refused from its header alone.
 */
import { deflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { imageSize } from '../../../src/shared/lib/image-size';
import { decodeSize, imagePixelsProblem, QR_DECODE_MAX_SIDE } from '../../../src/shared/lib/qr-image';

/** A PNG's signature and IHDR chunk for a width and height, followed by a small compressed body. */
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes[24] = 8; // bit depth
  bytes[25] = 6; // RGBA
  return Buffer.concat([bytes, deflateSync(Buffer.alloc(1024))]);
}

/** A JPEG's start, an APP1 segment of `metadata` bytes (EXIF), then a baseline frame header. */
function jpegHeader(width: number, height: number, metadata = 100): Uint8Array {
  const app1 = Buffer.alloc(4 + metadata);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(2 + metadata, 2);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app1, sof, Buffer.alloc(16)]);
}

describe('imageSize', () => {
  it('reads a real PNG the qrcode package wrote', async () => {
    const png = await QRCode.toBuffer('ark:D7HX', { width: 300 });
    const size = imageSize(png);
    expect(size?.width).toBe(size?.height);
    expect(size!.width).toBeGreaterThanOrEqual(290);
  });

  it('reads the frame header of a JPEG behind its metadata', () => {
    expect(imageSize(jpegHeader(4032, 3024, 60_000))).toEqual({ width: 4032, height: 3024 });
  });

  it('says nothing for bytes that are neither, or a header cut short', () => {
    expect(imageSize(new TextEncoder().encode('GIF89a…'))).toBeUndefined();
    expect(imageSize(pngHeader(10, 10).subarray(0, 20))).toBeUndefined();
    expect(imageSize(jpegHeader(10, 10, 500).subarray(0, 200))).toBeUndefined();
  });
});

describe('a QR code image past the pixel limit', () => {
  it('is refused from its header: a 1 KB PNG declaring 30,000 × 30,000 pixels', () => {
    const bomb = pngHeader(30_000, 30_000);
    expect(bomb.length).toBeLessThan(2048);
    expect(imagePixelsProblem('bomb.png', imageSize(bomb)!)).toBe(
      '“bomb.png” is 30000 × 30000 pixels (900 million); a QR code image may have at most 50 million: crop it to the QR code.',
    );
    expect(imagePixelsProblem('bomb.jpg', imageSize(jpegHeader(65_535, 65_535))!)).toMatch(/4295 million/);
  });

  it('lets a phone photo through, decoded at most QR_DECODE_MAX_SIDE on its longest side', () => {
    const photo = imageSize(jpegHeader(8000, 6000))!;
    expect(imagePixelsProblem('photo.jpg', photo)).toBeUndefined();
    expect(decodeSize(photo)).toEqual({ width: QR_DECODE_MAX_SIDE, height: 1200 });
    expect(decodeSize({ width: 300, height: 200 })).toEqual({ width: 300, height: 200 });
  });
});

/**
 * QR codes read from pixels (shared/lib/qr-image.ts): codes written by the `qrcode` package (what Votary's own
 * Receive card draws), drawn into RGBA images at several sizes, dark on light and light on dark, with noise around
 * them; an image without a code; and what a code's text opens.
 */
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { decodeQr, linkFromQrText, type RgbaImage } from '../../../src/shared/lib/qr-image';
import { addressFromPassphrase } from '../../../src/core/protocol/crypto';

const address = addressFromPassphrase('qr image test', 30);

/** The code's modules drawn `scale` pixels each, with a quiet zone, at (offset, offset) of a larger picture. */
function draw(
  text: string,
  scale: number,
  options: { inverted?: boolean; offset?: number; size?: number } = {},
) {
  const code = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = code.modules.size;
  const offset = options.offset ?? 0;
  const side = options.size ?? (modules + 8) * scale + offset;
  const data = new Uint8ClampedArray(side * side * 4);
  const dark = options.inverted === true ? 255 : 0;
  const light = 255 - dark;
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const mx = Math.floor((x - offset) / scale) - 4;
      const my = Math.floor((y - offset) / scale) - 4;
      const inCode = mx >= 0 && my >= 0 && mx < modules && my < modules;
      // Outside the code: a pattern of stripes, as a photo's background would have.
      const value = inCode
        ? code.modules.get(my, mx) === 1
          ? dark
          : light
        : x < offset || y < offset
          ? ((x >> 3) + (y >> 3)) % 2 === 0
            ? 40
            : 200
          : light;
      data.set([value, value, value, 255], (y * side + x) * 4);
    }
  }
  return { data, width: side, height: side } satisfies RgbaImage;
}

describe('decodeQr', () => {
  it.each([2, 4, 9])('reads an ark: link drawn %i pixels a module', (scale) => {
    const link = `ark:${address}?amount=12.5&vendorField=rent%20May`;
    expect(decodeQr(draw(link, scale))).toBe(link);
  });

  it('reads a code light on dark, and one placed inside a busier picture', () => {
    expect(decodeQr(draw(address, 4, { inverted: true }))).toBe(address);
    expect(decodeQr(draw(address, 5, { offset: 120 }))).toBe(address);
  });

  it('finds nothing in an image without a code, or in one whose pixels do not fill it', () => {
    const blank = { data: new Uint8ClampedArray(200 * 200 * 4).fill(255), width: 200, height: 200 };
    expect(decodeQr(blank)).toBeUndefined();
    expect(decodeQr({ data: new Uint8ClampedArray(16), width: 100, height: 100 })).toBeUndefined();
  });
});

describe('linkFromQrText', () => {
  it('opens a bare address as an AIP-13 link without amount, and a link as it is', () => {
    expect(linkFromQrText(` ${address}\n`)).toEqual({ ok: true, link: `ark:${address}` });
    const arkVault = `https://app.arkvault.io/#/?method=transfer&recipient=${address}&amount=1`;
    expect(linkFromQrText(arkVault)).toEqual({ ok: true, link: arkVault });
  });

  it('says what a code holds when it is neither', () => {
    const reading = linkFromQrText('WIFI:S:home;T:WPA;P:secret;;');
    expect(reading.ok).toBe(false);
    if (!reading.ok) {
      expect(reading.message).toMatch(/^The QR code holds “WIFI:S:home;T:WPA;P:secret;;”, which is neither/);
    }
  });
});

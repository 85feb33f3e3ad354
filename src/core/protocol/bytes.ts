import { ProtocolError, type ProtocolErrorCode } from './errors';

/**
 * Little-endian byte writer/reader for AIP-11 transactions and block headers (protocol reference: "All
 * multi-byte integers in transactions and blocks are little-endian"). Reads past the end raise a typed
 * ERR_BYTES error, like the reference's "Read over buffer boundary".
 */
export class ByteWriter {
  private buffer: Uint8Array;
  private view: DataView;
  private length = 0;

  constructor(initialCapacity = 256) {
    this.buffer = new Uint8Array(initialCapacity);
    this.view = new DataView(this.buffer.buffer);
  }

  private ensure(extra: number): void {
    const needed = this.length + extra;
    if (needed <= this.buffer.length) return;
    let capacity = this.buffer.length * 2;
    while (capacity < needed) capacity *= 2;
    const next = new Uint8Array(capacity);
    next.set(this.buffer.subarray(0, this.length));
    this.buffer = next;
    this.view = new DataView(next.buffer);
  }

  u8(value: number): this {
    checkRange(value, 0xff, 'u8');
    this.ensure(1);
    this.view.setUint8(this.length, value);
    this.length += 1;
    return this;
  }

  u16(value: number): this {
    checkRange(value, 0xffff, 'u16');
    this.ensure(2);
    this.view.setUint16(this.length, value, true);
    this.length += 2;
    return this;
  }

  u32(value: number): this {
    checkRange(value, 0xffffffff, 'u32');
    this.ensure(4);
    this.view.setUint32(this.length, value, true);
    this.length += 4;
    return this;
  }

  u64(value: bigint): this {
    if (value < 0n || value > 0xffffffffffffffffn) {
      throw new ProtocolError('ERR_BYTES', `value ${value} does not fit in an unsigned 64-bit field`);
    }
    this.ensure(8);
    this.view.setBigUint64(this.length, value, true);
    this.length += 8;
    return this;
  }

  /** u64 big-endian: only for the legacy 8-byte previousBlock id of a block header (protocol reference §6.1). */
  u64be(value: bigint): this {
    if (value < 0n || value > 0xffffffffffffffffn) {
      throw new ProtocolError('ERR_BYTES', `value ${value} does not fit in an unsigned 64-bit field`);
    }
    this.ensure(8);
    this.view.setBigUint64(this.length, value, false);
    this.length += 8;
    return this;
  }

  bytes(data: Uint8Array): this {
    this.ensure(data.length);
    this.buffer.set(data, this.length);
    this.length += data.length;
    return this;
  }

  get size(): number {
    return this.length;
  }

  /** A copy of the written bytes. */
  finish(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

function checkRange(value: number, max: number, kind: string): void {
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new ProtocolError('ERR_BYTES', `value ${value} does not fit in a ${kind} field`);
  }
}

export class ByteReader {
  private offset = 0;
  private readonly view: DataView;

  constructor(
    private readonly data: Uint8Array,
    private readonly code: ProtocolErrorCode = 'ERR_BYTES',
  ) {
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  }

  private need(n: number, what: string): void {
    if (this.offset + n > this.data.length) {
      throw new ProtocolError(
        this.code,
        `Read over buffer boundary: ${what} needs ${n} byte(s) at offset ${this.offset}, ${this.remaining} left`,
      );
    }
  }

  u8(what = 'u8'): number {
    this.need(1, what);
    const v = this.view.getUint8(this.offset);
    this.offset += 1;
    return v;
  }

  u16(what = 'u16'): number {
    this.need(2, what);
    const v = this.view.getUint16(this.offset, true);
    this.offset += 2;
    return v;
  }

  u32(what = 'u32'): number {
    this.need(4, what);
    const v = this.view.getUint32(this.offset, true);
    this.offset += 4;
    return v;
  }

  u64(what = 'u64'): bigint {
    this.need(8, what);
    const v = this.view.getBigUint64(this.offset, true);
    this.offset += 8;
    return v;
  }

  u64be(what = 'u64'): bigint {
    this.need(8, what);
    const v = this.view.getBigUint64(this.offset, false);
    this.offset += 8;
    return v;
  }

  bytes(n: number, what = 'bytes'): Uint8Array {
    this.need(n, what);
    const v = this.data.subarray(this.offset, this.offset + n);
    this.offset += n;
    return v;
  }

  peek(at = 0): number | undefined {
    return this.data[this.offset + at];
  }

  skip(n: number, what = 'bytes'): void {
    this.need(n, what);
    this.offset += n;
  }

  get position(): number {
    return this.offset;
  }

  get remaining(): number {
    return this.data.length - this.offset;
  }
}

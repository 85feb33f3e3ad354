/**
 * The few protobuf (proto3) wire rules ARK Core's P2P codecs need (core-p2p `socket-server/codecs/proto/*.proto`,
 * encoded by protobufjs): varints, length-delimited fields (strings, bytes, nested messages) and skipping the
 * fields a reader does not know. Reading is bounded: a length past the buffer, a varint longer than 10 bytes or a
 * wire type proto3 does not use is an error, never a read outside the peer's bytes.
 */

export class ProtoError extends Error {}

export const WIRE_VARINT = 0;
export const WIRE_FIXED64 = 1;
export const WIRE_LENGTH = 2;
export const WIRE_FIXED32 = 5;

export interface ProtoField {
  field: number;
  wire: number;
  /** A varint field's value (as a number: ARK's fields are uint32 and bool). */
  value?: number;
  /** A length-delimited field's bytes. */
  bytes?: Uint8Array;
}

/** Every field of one message, in wire order (a repeated field appears once per element). */
export function readFields(buffer: Uint8Array): ProtoField[] {
  const fields: ProtoField[] = [];
  let offset = 0;
  const varint = (): number => {
    let result = 0;
    let scale = 1;
    for (let i = 0; i < 10; i++) {
      if (offset >= buffer.length) throw new ProtoError('a varint runs past the end of the message');
      const byte = buffer[offset++]!;
      result += (byte & 0x7f) * scale;
      if ((byte & 0x80) === 0) return result;
      scale *= 128;
    }
    throw new ProtoError('a varint is longer than 10 bytes');
  };
  while (offset < buffer.length) {
    const key = varint();
    const field = Math.floor(key / 8);
    const wire = key % 8;
    if (field === 0) throw new ProtoError('field number 0');
    switch (wire) {
      case WIRE_VARINT:
        fields.push({ field, wire, value: varint() });
        break;
      case WIRE_LENGTH: {
        const length = varint();
        if (length > buffer.length - offset) {
          throw new ProtoError(`field ${field} is ${length} bytes long, past the end of the message`);
        }
        fields.push({ field, wire, bytes: buffer.subarray(offset, offset + length) });
        offset += length;
        break;
      }
      case WIRE_FIXED64:
      case WIRE_FIXED32: {
        const size = wire === WIRE_FIXED64 ? 8 : 4;
        if (size > buffer.length - offset)
          throw new ProtoError(`field ${field} runs past the end of the message`);
        offset += size;
        fields.push({ field, wire });
        break;
      }
      default:
        throw new ProtoError(`field ${field} has wire type ${wire}, which proto3 does not use`);
    }
  }
  return fields;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A message's fields by number (the last occurrence wins, as protobuf's rule for a non-repeated field). */
export class ProtoMessage {
  private readonly byField = new Map<number, ProtoField>();
  readonly fields: ProtoField[];

  constructor(buffer: Uint8Array) {
    this.fields = readFields(buffer);
    for (const field of this.fields) this.byField.set(field.field, field);
  }

  uint(field: number): number {
    const found = this.byField.get(field);
    if (found === undefined) return 0;
    if (found.wire !== WIRE_VARINT || found.value === undefined) {
      throw new ProtoError(`field ${field} is not a varint`);
    }
    if (found.value > 0xffffffff) throw new ProtoError(`field ${field} is larger than a uint32`);
    return found.value;
  }

  bool(field: number): boolean {
    return this.uint(field) !== 0;
  }

  bytes(field: number): Uint8Array {
    const found = this.byField.get(field);
    if (found === undefined) return new Uint8Array(0);
    if (found.wire !== WIRE_LENGTH || found.bytes === undefined) {
      throw new ProtoError(`field ${field} is not length-delimited`);
    }
    return found.bytes;
  }

  string(field: number): string {
    try {
      return utf8.decode(this.bytes(field));
    } catch (error) {
      if (error instanceof ProtoError) throw error;
      throw new ProtoError(`field ${field} is not UTF-8`);
    }
  }

  message(field: number): ProtoMessage | undefined {
    return this.byField.has(field) ? new ProtoMessage(this.bytes(field)) : undefined;
  }

  repeated(field: number): Uint8Array[] {
    return this.fields.filter((f) => f.field === field && f.wire === WIRE_LENGTH).map((f) => f.bytes!);
  }
}

/** Writes a message field by field, as protobufjs does (proto3: default values are left out). */
export class ProtoWriter {
  private readonly parts: number[] = [];

  private varint(value: number): void {
    let rest = value;
    while (rest >= 0x80) {
      this.parts.push((rest % 128) | 0x80);
      rest = Math.floor(rest / 128);
    }
    this.parts.push(rest);
  }

  uint(field: number, value: number): this {
    if (value === 0) return this;
    this.varint(field * 8 + WIRE_VARINT);
    this.varint(value);
    return this;
  }

  bool(field: number, value: boolean): this {
    return this.uint(field, value ? 1 : 0);
  }

  bytes(field: number, value: Uint8Array): this {
    this.varint(field * 8 + WIRE_LENGTH);
    this.varint(value.length);
    for (const byte of value) this.parts.push(byte);
    return this;
  }

  string(field: number, value: string): this {
    if (value === '') return this;
    return this.bytes(field, new TextEncoder().encode(value));
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.parts);
  }
}

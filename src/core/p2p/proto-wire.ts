/**
 * The few protobuf (proto3) wire rules ARK Core's P2P codecs need (core-p2p `socket-server/codecs/proto/*.proto`,
 * encoded by protobufjs): varints, length-delimited fields (strings, bytes, nested messages) and skipping the
 * fields a reader does not know. Reading is bounded: a length past the buffer, a varint longer than 10 bytes or a
 * wire type proto3 does not use is an error, never a read outside the peer's bytes.
 *
 * Reading is also bounded by the message's shape (ProtoShape): the fields a reader takes, each at most as long and
 * as often as ARK's schema writes it, are kept (views into the peer's bytes, nothing copied); every other field is
 * skipped where it lies — never kept, never allocated — and a message holds at most MAX_UNKNOWN_FIELDS of them,
 * MAX_UNKNOWN_BYTES in all. Past any of these bounds the message holds more than ARK's schema produces
 * (ProtoExcessError): a peer padding an answer with millions of tiny fields costs one pass up to the bound, not an
 * object per field.
 */

export class ProtoError extends Error {}

/** The message holds more than ARK's schema writes: a field too long or too often, or too many unknown fields. */
export class ProtoExcessError extends ProtoError {}

export const WIRE_VARINT = 0;
export const WIRE_FIXED64 = 1;
export const WIRE_LENGTH = 2;
export const WIRE_FIXED32 = 5;

/**
 * Fields a message may hold that its schema does not name (a newer node's additions), skipped. protobufjs writes
 * none for ARK's own schema, so a few are generous.
 */
export const MAX_UNKNOWN_FIELDS = 8;
/** The bytes those unknown fields may take in all (keys included). */
export const MAX_UNKNOWN_BYTES = 4 * 1024;

/** How a field of the schema may appear: at most `max` bytes (a length-delimited one), at most `times` times. */
export interface FieldRule {
  /** Wire type: a varint (uint32, bool) or a length-delimited field (string, bytes, message). */
  wire: 'varint' | 'length';
  /** A length-delimited field's most bytes (default: any, within the message). */
  max?: number;
  /** How often it may appear (default once: protobufjs writes a field that is not repeated once). */
  times?: number;
  /** A field of the schema the reader does not need: skipped, not kept (still within `max` and `times`). */
  skip?: boolean;
}

export type ProtoShape = Readonly<Record<number, FieldRule>>;

interface Kept {
  wire: number;
  /** A varint field's value (as a number: ARK's fields are uint32 and bool). */
  value?: number;
  /** A length-delimited field's bytes (a view into the message). */
  bytes?: Uint8Array;
}

/** Reads `buffer` by `shape`: the kept fields by number (the last occurrence wins, as protobuf's rule). */
function readMessage(buffer: Uint8Array, shape: ProtoShape): Map<number, Kept> {
  const kept = new Map<number, Kept>();
  const seen = new Map<number, number>();
  let unknownFields = 0;
  let unknownBytes = 0;
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
    const start = offset;
    const key = varint();
    const field = Math.floor(key / 8);
    const wire = key % 8;
    if (field === 0) throw new ProtoError('field number 0');
    let value: number | undefined;
    let bytes: Uint8Array | undefined;
    switch (wire) {
      case WIRE_VARINT:
        value = varint();
        break;
      case WIRE_LENGTH: {
        const length = varint();
        if (length > buffer.length - offset) {
          throw new ProtoError(`field ${field} is ${length} bytes long, past the end of the message`);
        }
        const rule = shape[field];
        if (rule?.max !== undefined && length > rule.max) {
          throw new ProtoExcessError(`field ${field} is ${length} bytes long, more than its ${rule.max}`);
        }
        bytes = buffer.subarray(offset, offset + length);
        offset += length;
        break;
      }
      case WIRE_FIXED64:
      case WIRE_FIXED32: {
        const size = wire === WIRE_FIXED64 ? 8 : 4;
        if (size > buffer.length - offset)
          throw new ProtoError(`field ${field} runs past the end of the message`);
        offset += size;
        break;
      }
      default:
        throw new ProtoError(`field ${field} has wire type ${wire}, which proto3 does not use`);
    }
    const rule = shape[field];
    if (rule === undefined) {
      unknownFields++;
      unknownBytes += offset - start;
      if (unknownFields > MAX_UNKNOWN_FIELDS || unknownBytes > MAX_UNKNOWN_BYTES) {
        throw new ProtoExcessError(
          `more than ${MAX_UNKNOWN_FIELDS} fields or ${MAX_UNKNOWN_BYTES} bytes its schema does not name`,
        );
      }
      continue;
    }
    if (
      (rule.wire === 'varint') !== (wire === WIRE_VARINT) ||
      (rule.wire === 'length') !== (wire === WIRE_LENGTH)
    ) {
      throw new ProtoError(`field ${field} has wire type ${wire}, not its schema's`);
    }
    const times = (seen.get(field) ?? 0) + 1;
    if (times > (rule.times ?? 1))
      throw new ProtoExcessError(`field ${field} appears more than ${rule.times ?? 1} time(s)`);
    seen.set(field, times);
    if (rule.skip === true) continue;
    kept.set(
      field,
      value === undefined ? { wire, ...(bytes === undefined ? {} : { bytes }) } : { wire, value },
    );
  }
  return kept;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A message's fields by number, read by its shape (see above). */
export class ProtoMessage {
  private readonly byField: Map<number, Kept>;

  constructor(buffer: Uint8Array, shape: ProtoShape) {
    this.byField = readMessage(buffer, shape);
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

  /** A nested message, read by its own shape. */
  message(field: number, shape: ProtoShape): ProtoMessage | undefined {
    return this.byField.has(field) ? new ProtoMessage(this.bytes(field), shape) : undefined;
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

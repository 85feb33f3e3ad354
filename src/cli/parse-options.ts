import { parseArgs, type ParseArgsConfig } from 'node:util';
import { usageError } from './cli-error';

type Options = NonNullable<ParseArgsConfig['options']>;

/** The parsed values: a string per string option, a boolean per boolean option, absent when not given. */
export type OptionValues<T extends Options> = {
  [K in keyof T]?: T[K]['type'] extends 'boolean' ? boolean : string;
};

/** Strict option parsing: an unknown option, a missing value or a stray argument is a usage error. */
export function parseOptions<T extends Options>(args: string[], options: T): OptionValues<T> {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw usageError((error as Error).message);
  }
}

export function requireOption(value: string | boolean | undefined, name: string): string {
  if (typeof value !== 'string' || value === '') throw usageError(`--${name} is required`);
  return value;
}

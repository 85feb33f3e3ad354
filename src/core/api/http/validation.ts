/**
 * JSON-schema validation with ARK's error messages (ark-core-api.md §2.2). Fastify validates params, query and
 * bodies with the AJV instances made here, and this module turns the first error into the Joi-style message ARK
 * Core answers with, as a 422 ApiError.
 *
 * Schemas may carry two annotations (registered as AJV keywords, ignored by validation itself):
 * - `x-messages`: `{ <ajv keyword>: <message> }` replaces the generated text for that keyword; `{label}` and
 *   `{value}` are substituted (e.g. the orderBy pattern, POST /transactions' ajv-6 style messages);
 * - `x-opaque`: on an `anyOf`, always report "does not match any of the allowed types" instead of the error
 *   of the one branch that matched the value's type (ARK's range criteria: `height.from=abc`).
 */
import Ajv, { type ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { unprocessable, type ApiError } from './errors';

/** An AJV error with `verbose: true` (data and parentSchema present). */
interface AjvError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  data?: unknown;
  parentSchema?: Record<string, unknown>;
}

const COMMON_OPTIONS = {
  useDefaults: true,
  // Unknown keys are an error (ARK: `"foo" is not allowed`), not silently dropped.
  removeAdditional: false,
  allErrors: false,
  verbose: true,
  strict: true,
  strictTypes: false,
} as const;

function withAnnotations(ajv: Ajv): Ajv {
  ajv.addKeyword('x-messages');
  ajv.addKeyword('x-opaque');
  return ajv;
}

type LazyValidator = ((data: unknown) => boolean) & { errors?: ValidateFunction['errors'] };

/**
 * The path of the first number in the data that is not finite (`1e309`, `-1e309`, `Infinity`), if any. The path is
 * built only for that number: every request body passes here (40 transactions' keys for a POST /transactions), and
 * building each key's path on the way in was garbage for every one of them.
 */
function nonFinitePath(data: unknown): string | undefined {
  if (typeof data === 'number') return Number.isFinite(data) ? undefined : '';
  if (typeof data !== 'object' || data === null) return undefined;
  if (Array.isArray(data)) {
    for (let index = 0; index < data.length; index++) {
      const found = nonFinitePath(data[index]);
      if (found !== undefined) return `/${index}${found}`;
    }
    return undefined;
  }
  for (const key of Object.keys(data)) {
    const found = nonFinitePath((data as Record<string, unknown>)[key]);
    if (found !== undefined) return `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}${found}`;
  }
  return undefined;
}

/**
 * AJV guards its number keywords (minimum, maximum, multipleOf) with `isFinite`, and its coercion turns "1e309"
 * into Infinity, so a non-finite number passes every bound and reached SQLite as a 500. Joi refuses it with
 * `"x" cannot be infinity`; so does this wrapper, after AJV has coerced the data.
 */
function refusingInfinity(validate: ValidateFunction): LazyValidator {
  const wrapped: LazyValidator = (data) => {
    if (!validate(data)) {
      wrapped.errors = validate.errors;
      return false;
    }
    const path = nonFinitePath(data);
    if (path === undefined) {
      wrapped.errors = null;
      return true;
    }
    wrapped.errors = [{ keyword: 'infinity', instancePath: path, schemaPath: '#', params: {} }];
    return false;
  };
  return wrapped;
}

/**
 * A validator compiled on its first use. Compiling every route's schemas up front was about half of the embedded
 * node's start-up CPU (the cold start to interactive, docs/benchmarks.md "App"); each route now pays a few
 * milliseconds on its first request instead. Fastify reads `errors` from the function after a failed call.
 */
function lazily(compile: () => LazyValidator): LazyValidator {
  let compiled: LazyValidator | undefined;
  const validate: LazyValidator = (data) => {
    compiled ??= compile();
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  };
  return validate;
}

/**
 * Fastify's validator compiler: params and query values arrive as text, so numbers and booleans are coerced
 * there; a JSON body is already typed and is validated as it is (a number is never taken for a hex string).
 * `lazy` defers each compilation to the first request (the default; tests/api compile eagerly, ApiServerOptions
 * `eagerSchemas`, so that a schema error fails at start-up).
 */
export function createValidatorCompiler(lazy = true): FastifySchemaCompiler<unknown> {
  const text = withAnnotations(new Ajv({ ...COMMON_OPTIONS, coerceTypes: true }));
  const json = withAnnotations(new Ajv({ ...COMMON_OPTIONS, coerceTypes: false }));
  return ({ schema, httpPart }) => {
    const compile = () => refusingInfinity((httpPart === 'body' ? json : text).compile(schema as object));
    return lazy ? lazily(compile) : compile();
  };
}

/** `/height/from` → `height.from`; `/ids/1` → `ids[1]` (Joi's labels). */
function labelOf(instancePath: string, root: string): string {
  if (instancePath === '') return root;
  let label = '';
  for (const raw of instancePath.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    label += /^\d+$/.test(segment) ? `[${segment}]` : label === '' ? segment : `.${segment}`;
  }
  return label;
}

function show(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

function isNumeric(value: unknown): boolean {
  return (
    (typeof value === 'number' && Number.isFinite(value)) ||
    (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
  );
}

function typeMessage(expected: unknown, data: unknown): string {
  const types = Array.isArray(expected) ? expected : [expected];
  if (types.includes('integer') && isNumeric(data)) return 'must be an integer';
  if (types.includes('integer') || types.includes('number')) return 'must be a number';
  if (types.includes('boolean')) return 'must be a boolean';
  if (types.includes('string')) return 'must be a string';
  if (types.includes('array')) return 'must be an array';
  return 'must be of type object';
}

/** Joi's wording for one AJV keyword (without the label). */
function joiText(error: AjvError): string {
  const { keyword, params, parentSchema } = error;
  switch (keyword) {
    case 'type':
      return typeMessage(params.type, error.data);
    case 'minimum':
      return `must be greater than or equal to ${show(params.limit)}`;
    case 'exclusiveMinimum':
      return params.limit === 0 ? 'must be a positive number' : `must be greater than ${show(params.limit)}`;
    case 'maximum':
      return params.limit === Number.MAX_SAFE_INTEGER
        ? 'must be a safe number'
        : `must be less than or equal to ${show(params.limit)}`;
    case 'minLength':
    case 'maxLength': {
      const min = parentSchema?.minLength;
      const max = parentSchema?.maxLength;
      if (min !== undefined && min === max) return `length must be ${show(min)} characters long`;
      return keyword === 'minLength'
        ? `length must be at least ${show(params.limit)} characters long`
        : `length must be less than or equal to ${show(params.limit)} characters long`;
    }
    case 'pattern':
      return `with value "${show(error.data)}" fails to match the required pattern: /${show(params.pattern)}/`;
    case 'enum':
      return `must be one of [${(Array.isArray(params.allowedValues) ? params.allowedValues : []).map(show).join(', ')}]`;
    case 'minItems':
      return `must contain at least ${show(params.limit)} items`;
    case 'maxItems':
      return `must contain less than or equal to ${show(params.limit)} items`;
    case 'anyOf':
    case 'oneOf':
      return 'does not match any of the allowed types';
    case 'infinity':
      return 'cannot be infinity';
    default:
      return 'is invalid';
  }
}

function messageFor(error: AjvError, root: string): string {
  const label = labelOf(error.instancePath, root);
  const custom = (error.parentSchema?.['x-messages'] as Record<string, string> | undefined)?.[error.keyword];
  if (custom !== undefined) {
    return custom.replaceAll('{label}', label).replaceAll('{value}', show(error.data));
  }
  if (error.keyword === 'additionalProperties' || error.keyword === 'required') {
    const property = show(error.params.additionalProperty ?? error.params.missingProperty);
    const parent = labelOf(error.instancePath, '');
    const name = parent === '' ? property : `${parent}.${property}`;
    return `"${name}" ${error.keyword === 'required' ? 'is required' : 'is not allowed'}`;
  }
  if (error.keyword === 'uniqueItems') {
    const index = Math.max(Number(error.params.i), Number(error.params.j));
    return `"${label}[${index}]" contains a duplicate value`;
  }
  return `"${label}" ${joiText(error)}`;
}

/** A branch fails on "base type" when its last error is a type mismatch of the anyOf's own value. */
function isBaseFailure(branch: AjvError[], path: string): boolean {
  const last = branch[branch.length - 1];
  return last !== undefined && last.keyword === 'type' && last.instancePath === path;
}

/**
 * The error to report, as Joi's alternatives do: when an anyOf failed, the error of the single branch that
 * matched the value's type (e.g. the string branch of `senderId`), else the anyOf itself.
 */
function decisive(errors: readonly AjvError[]): AjvError | undefined {
  const last = errors[errors.length - 1];
  if (!last || (last.keyword !== 'anyOf' && last.keyword !== 'oneOf')) return last;
  if (last.parentSchema?.['x-opaque'] === true) return last;
  const prefix = `${last.schemaPath}/`;
  const branches = new Map<string, AjvError[]>();
  for (const error of errors) {
    if (!error.schemaPath.startsWith(prefix)) continue;
    const index = error.schemaPath.slice(prefix.length).split('/')[0]!;
    branches.set(index, [...(branches.get(index) ?? []), error]);
  }
  const complex = [...branches.values()].filter((branch) => !isBaseFailure(branch, last.instancePath));
  if (complex.length === 1) return decisive(complex[0]!) ?? last;
  return last;
}

const ROOT_LABEL: Record<string, string> = { body: 'value', querystring: 'value', params: 'value' };

/** Fastify's schemaErrorFormatter: the first decisive AJV error as ARK's 422. */
export function formatValidationErrors(errors: readonly unknown[], dataVar: string): ApiError {
  const error = decisive(errors as AjvError[]);
  if (!error) return unprocessable('Invalid request');
  return unprocessable(messageFor(error, ROOT_LABEL[dataVar] ?? 'value'));
}

/**
 * The query-string parser of the public API (ark-core-api.md §2.1), applied before validation:
 * - form decoding: `+` is a space, `%XX` escapes are decoded (a malformed escape is kept as it is);
 * - repeated keys become a list (`page=1&page=2` → ["1","2"], which then fails validation as ARK's does);
 * - comma splitting: every value containing "," becomes a list (`height=10,11` → ["10","11"]);
 * - dot notation: `height.from=10` → `{ height: { from: "10" } }`.
 * Keys keep the order in which the client sent them: the pagination links repeat them in that order.
 */

export type QueryValue = string | string[] | QueryObject;
export interface QueryObject {
  [key: string]: QueryValue;
}

function decode(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    // ARK (hapi) answers a malformed escape with the raw text rather than an error; so do we.
    return spaced;
  }
}

function isObject(value: QueryValue | undefined): value is QueryObject {
  return typeof value === 'object' && !Array.isArray(value);
}

/** An own property only: a key such as "__proto__" or "constructor" must never reach the prototype. */
function own(target: QueryObject, key: string): QueryValue | undefined {
  return Object.hasOwn(target, key) ? target[key] : undefined;
}

function put(target: QueryObject, key: string, value: QueryValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function merge(existing: QueryValue | undefined, value: string[]): QueryValue {
  const added = value.length === 1 ? value[0]! : value;
  if (existing === undefined || isObject(existing)) return added;
  return [...(Array.isArray(existing) ? existing : [existing]), ...value];
}

function assign(root: QueryObject, path: string[], value: string[]): void {
  let target = root;
  for (const segment of path.slice(0, -1)) {
    const next = own(target, segment);
    if (isObject(next)) {
      target = next;
    } else {
      // A scalar at a path that now needs children: the later, nested key wins (as lodash `set` does).
      const created: QueryObject = {};
      put(target, segment, created);
      target = created;
    }
  }
  const last = path[path.length - 1]!;
  put(target, last, merge(own(target, last), value));
}

export function parseQueryString(query: string): QueryObject {
  const result: QueryObject = {};
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = decode(eq < 0 ? part : part.slice(0, eq));
    if (key === '') continue;
    const raw = eq < 0 ? '' : decode(part.slice(eq + 1));
    const values = raw.includes(',') ? raw.split(',') : [raw];
    assign(result, key.split('.'), values);
  }
  return result;
}

/**
 * The inverse used for pagination links: dotted keys, comma-joined lists. Values are percent-encoded except for
 * the characters ARK's links show literally (`,` `:` `.`), so every link is a valid URL (ARK leaves values raw).
 */
export function stringifyQuery(
  entries: readonly (readonly [string, QueryValue | number | boolean])[],
): string {
  const parts: string[] = [];
  const encode = (text: string) =>
    encodeURIComponent(text).replace(/%2C/gi, ',').replace(/%3A/gi, ':').replace(/%2E/gi, '.');
  const walk = (key: string, value: QueryValue | number | boolean) => {
    if (typeof value === 'object' && !Array.isArray(value)) {
      for (const [child, inner] of Object.entries(value)) walk(`${key}.${child}`, inner);
    } else {
      const text = Array.isArray(value) ? value.map(encode).join(',') : encode(String(value));
      parts.push(`${encode(key)}=${text}`);
    }
  };
  for (const [key, value] of entries) walk(key, value);
  return parts.join('&');
}

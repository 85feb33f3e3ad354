/**
 * How deeply a JSON text nests, found by one scan before it is parsed. JSON.parse itself copes with deep nesting,
 * but everything after it that walks the value recursively (schema validation, error formatting,
 * JSON.stringify) overflows the stack at a few thousand levels and would turn one hostile request into a crash or
 * a 500. No real request of Votary's nests more than a handful of levels.
 */

/** The nesting every parser in Votary accepts: far above any real request, far below any stack limit. */
export const MAX_JSON_DEPTH = 64;

/** True when the text opens more than `limit` arrays/objects inside each other (strings are skipped). */
export function jsonTooDeep(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

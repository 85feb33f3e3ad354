/**
 * The shape comparison of api-shapes.interop.ts: the key paths of two answers to the same request, and what differs
 * between them. Values are not compared, since the two chains hold different data.
 */

export interface Answer {
  status: number;
  body: unknown;
}

/** Every key path of a JSON value; a list contributes its first item's paths under `[]`. */
export function paths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.length === 0 ? [`${prefix}[]`] : paths(value[0], `${prefix}[]`);
  if (typeof value !== 'object' || value === null) return [prefix];
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return [`${prefix}{}`];
  return entries.flatMap(([key, inner]) => paths(inner, prefix === '' ? key : `${prefix}.${key}`));
}

/** The differences of status, shape and error message between Votary's answer and ARK Core's, one line each. */
export function describeDifference(route: string, votary: Answer, ark: Answer): string[] {
  if (votary.status !== ark.status)
    return [`${route}: status ${votary.status} (Votary) vs ${ark.status} (ARK Core)`];
  const mine = new Set(paths(votary.body));
  const theirs = new Set(paths(ark.body));
  // An empty list or object on one side (no data of that kind there) says nothing about the other side's items,
  // and the other side's items say nothing about the empty one.
  const covered = (set: Set<string>, path: string) =>
    [...set].some(
      (p) => (p.endsWith('{}') || p.endsWith('[]')) && path.startsWith(p.slice(0, -2)) && path !== p,
    );
  const filled = (set: Set<string>, path: string) =>
    (path.endsWith('{}') || path.endsWith('[]')) &&
    [...set].some((p) => p !== path && p.startsWith(path.slice(0, -2)));
  const differences: string[] = [];
  for (const path of theirs)
    if (!mine.has(path) && !covered(mine, path) && !filled(mine, path))
      differences.push(`${route}: only ARK Core has ${path}`);
  for (const path of mine)
    if (!theirs.has(path) && !covered(theirs, path) && !filled(theirs, path))
      differences.push(`${route}: only Votary has ${path}`);
  if (votary.status >= 400) {
    const message = (answer: Answer) => (answer.body as { message?: unknown }).message;
    if (message(votary) !== message(ark)) {
      differences.push(
        `${route}: message ${JSON.stringify(message(votary))} (Votary) vs ${JSON.stringify(message(ark))} (ARK Core)`,
      );
    }
  }
  return differences;
}

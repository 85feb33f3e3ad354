/**
 * ARK's rule for a delegate name (core-crypto 3.9.1 `delegateRegistration` schema: `^[a-z0-9!@$&_.]+$`, 1–20
 * characters), said as a sentence for the name field. The renderer checks it as the person types; the host's
 * preview (services/transactions/draft-checks.ts) checks it again with the names already taken.
 */
const USERNAME = /^[a-z0-9!@$&_.]{1,20}$/;

const ALLOWED = /[a-z0-9!@$&_.]/;
const CHARACTERS = 'may hold only lowercase letters, digits and ! @ $ & _ .';

/** Every fault of the name in one sentence, so a person fixes it in one go ("Bad Name": capitals and a space). */
export function usernameProblem(username: string): string | undefined {
  if (username === '') return 'Enter a delegate name.';
  if (username.length > 20)
    return `A delegate name is at most 20 characters; this one has ${username.length}.`;
  if (USERNAME.test(username)) return undefined;
  const chars = [...username];
  const capitals = chars.some((c) => /[A-Z]/.test(c));
  const spaces = chars.some((c) => /\s/.test(c));
  const others = [...new Set(chars.filter((c) => !/[A-Z\s]/.test(c) && !ALLOWED.test(c)))];
  const parts: string[] = [];
  if (capitals) parts.push('is written in lowercase letters only');
  if (spaces) parts.push(capitals ? 'with no spaces' : 'has no spaces');
  if (others.length > 0) parts.push(`${CHARACTERS} — not ${others.join(' ')}`);
  const last = parts.length > 1 ? parts.pop() : undefined;
  const joiner = parts.length > 1 ? ', and ' : last?.startsWith('may') === true ? ' and ' : ', ';
  const head = last === undefined ? parts[0] : `${parts.join(', ')}${joiner}${last}`;
  return `A delegate name ${head}.`;
}

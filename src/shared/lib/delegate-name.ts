/**
 * ARK's rule for a delegate name (core-crypto 3.9.1 `delegateRegistration` schema: `^[a-z0-9!@$&_.]+$`, 1–20
 * characters), said as a sentence for the name field. The renderer checks it as the person types; the host's
 * preview (services/transactions/draft-checks.ts) checks it again with the names already taken.
 */
const USERNAME = /^[a-z0-9!@$&_.]{1,20}$/;

export function usernameProblem(username: string): string | undefined {
  if (username === '') return 'Enter a delegate name.';
  if (username.length > 20)
    return `A delegate name is at most 20 characters; this one has ${username.length}.`;
  if (/[A-Z]/.test(username)) return 'A delegate name is written in lowercase letters only.';
  if (!USERNAME.test(username)) {
    return 'A delegate name may hold only lowercase letters, digits and ! @ $ & _ . (no spaces).';
  }
  return undefined;
}

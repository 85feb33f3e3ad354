/**
 * How hard a vault password is to guess (docs/design/security.md "Key store"), by zxcvbn-ts: it finds
 * dictionary words, common passwords, names, keyboard patterns, dates and repeats, and estimates the guesses they
 * need. The same rule runs in the renderer (the meter while typing) and in the core (which refuses a weak
 * password whatever the screen showed). Score 0–4; below MIN_PASSWORD_SCORE (estimated under ~10^8 guesses: a
 * common password, a word with a year and a symbol, a keyboard walk) is refused: the vault file may be copied and
 * guessed offline, where only the password's own strength and scrypt's cost stand in the way.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

export const MIN_PASSWORD_SCORE = 3;
export const PASSWORD_SCORE_WORDS = ['very weak', 'weak', 'fair', 'strong', 'very strong'] as const;

export interface PasswordStrength {
  /** 0 (guessed at once) … 4 (very strong). */
  score: 0 | 1 | 2 | 3 | 4;
  /** PASSWORD_SCORE_WORDS[score]. */
  label: (typeof PASSWORD_SCORE_WORDS)[number];
  acceptable: boolean;
  /** Why it is weak, in a sentence ("This is a commonly used password."), or empty. */
  warning: string;
  suggestions: string[];
}

let factory: ZxcvbnFactory | undefined;

function estimator(): ZxcvbnFactory {
  // Built on first use: ranking the dictionaries takes ~100 ms, needed only when a password is chosen.
  factory ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary },
  });
  return factory;
}

/** The strength of a password; `userInputs` are words the person is known by (the app's and profile's names). */
export function passwordStrength(
  password: string,
  userInputs: string[] = ['votary', 'vault'],
): PasswordStrength {
  const result = estimator().check(password.slice(0, 256), userInputs);
  const score = result.score;
  return {
    score,
    label: PASSWORD_SCORE_WORDS[score],
    acceptable: score >= MIN_PASSWORD_SCORE,
    warning: result.feedback.warning ?? '',
    suggestions: result.feedback.suggestions,
  };
}

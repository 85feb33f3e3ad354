/** Light and dark themes: "system" follows prefers-color-scheme; the choice (never a secret) is kept in localStorage. */
export type ThemeChoice = 'system' | 'light' | 'dark';
const KEY = 'votary.theme';

export function loadTheme(): ThemeChoice {
  try {
    const saved = window.localStorage.getItem(KEY);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    return 'system';
  }
}

export function applyTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, choice);
  } catch {
    // Storage can be unavailable (a private window); the theme still applies for this session.
  }
  if (choice === 'system') delete document.documentElement.dataset['theme'];
  else document.documentElement.dataset['theme'] = choice;
}

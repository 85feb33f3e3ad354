/**
 * Focus for every dialog and review step (WAI-ARIA Authoring Practices, "Dialog (Modal)"): when the scope shows,
 * focus moves into it (the element named, else the scope itself, which carries `tabIndex={-1}` for it); a modal
 * scope keeps Tab and Shift+Tab cycling inside it, makes the rest of the page inert (no focus, no clicks, hidden
 * from assistive technology) and closes on Escape; when it goes, focus returns to the element that had it before,
 * or, when that element is gone (a form replaced by its review and back), to the one named to take its place.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements inside `scope` that Tab reaches, in order. */
export function tabbables(scope: HTMLElement): HTMLElement[] {
  return [...scope.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.tabIndex >= 0 && element.getClientRects().length > 0,
  );
}

export interface FocusScopeOptions {
  /** A modal: focus cycles inside, the rest of the page is inert, Escape calls onEscape. */
  modal?: boolean;
  /** Where focus goes in; the scope itself when not given. */
  initial?: RefObject<HTMLElement | null>;
  /** Where focus returns when the element that had it before is no longer on the page. */
  returnTo?: RefObject<HTMLElement | null>;
  onEscape?: () => void;
}

/**
 * The element focused before the one focused now: a field with `autoFocus` inside a scope takes focus before the
 * scope's effect runs, and the element it took it from is the one to return to.
 */
let focusedBefore: Element | null = null;
let focusedNow: Element | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      focusedBefore = focusedNow;
      focusedNow = event.target instanceof Element ? event.target : null;
    },
    true,
  );
}

/** The element that had focus before it moved into `scope`. */
function openerOf(scope: HTMLElement): HTMLElement | null {
  const active = document.activeElement;
  const candidate = active !== null && scope.contains(active) ? focusedBefore : active;
  return candidate instanceof HTMLElement && !scope.contains(candidate) ? candidate : null;
}

/**
 * Makes everything outside `keep` inert (each sibling along its path to <body>); returns the undo. An alert and the
 * shell's announcer (components/Announcer.tsx) stay out of it, and so does what the main landmark adds while the
 * modal shows (only its children at the time are made inert): an error reported during a review (a wrong password)
 * is still announced, and so is a transaction confirmed while a review is open.
 */
function inertOutside(keep: HTMLElement): () => void {
  const made: HTMLElement[] = [];
  const makeInert = (element: Element) => {
    if (
      !(element instanceof HTMLElement) ||
      element.inert ||
      element.getAttribute('role') === 'alert' ||
      element.hasAttribute('data-live-announcer')
    )
      return;
    element.inert = true;
    made.push(element);
  };
  for (
    let node: HTMLElement | null = keep;
    node !== null && node !== document.body;
    node = node.parentElement
  ) {
    for (const sibling of node.parentElement?.children ?? []) {
      if (sibling === node) continue;
      if (sibling.tagName === 'MAIN') for (const child of sibling.children) makeInert(child);
      else makeInert(sibling);
    }
  }
  return () => {
    for (const element of made) element.inert = false;
  };
}

/** See the file's comment; `shown` says whether the scope is on the page now. */
export function useFocusScope(
  scope: RefObject<HTMLElement | null>,
  shown: boolean,
  options: FocusScopeOptions = {},
): void {
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    const { modal = false, initial, returnTo } = latest.current;
    const element = scope.current;
    if (!shown || element === null) return;
    const before = openerOf(element);
    // A field that took focus as it appeared (autoFocus) keeps it.
    if (!element.contains(document.activeElement)) (initial?.current ?? element).focus();

    const undoInert = modal ? inertOutside(element.parentElement ?? element) : () => undefined;
    const onKey = (event: KeyboardEvent) => {
      const { onEscape } = latest.current;
      if (event.key === 'Escape' && onEscape !== undefined) {
        event.preventDefault();
        onEscape();
        return;
      }
      if (event.key !== 'Tab') return;
      const inside = tabbables(element);
      const first = inside[0];
      const last = inside.at(-1);
      if (first === undefined || last === undefined) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      const outside = !(active instanceof Node) || !element.contains(active);
      if (event.shiftKey && (active === first || active === element || outside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || outside)) {
        event.preventDefault();
        first.focus();
      }
    };
    if (modal) document.addEventListener('keydown', onKey, true);

    return () => {
      if (modal) document.removeEventListener('keydown', onKey, true);
      undoInert();
      // Focus stays where it is if the person moved it elsewhere already (a click on the page behind).
      const active = document.activeElement;
      const lost =
        active === null || active === document.body || element.contains(active) || !active.isConnected;
      if (!lost) return;
      const target =
        before?.isConnected === true && before !== document.body
          ? before
          : (returnTo?.current ?? document.querySelector<HTMLElement>('main[tabindex]'));
      target?.focus();
    };
  }, [scope, shown]);
}

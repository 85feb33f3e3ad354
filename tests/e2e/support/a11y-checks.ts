/**
 * What axe cannot see, checked in the page's current state (tests/e2e/accessibility.spec.ts runs them on every
 * screen and dialog): what screen readers are told as the page changes, controls named for what they do, a
 * visible focus ring, no motion when less is asked for, and reflow at 320 CSS px (WCAG 2.1 1.4.10). Page code is
 * given as strings: the Node type check has no DOM types.
 */
import type { Page } from '@playwright/test';

/** A live region as browsers expose it: aria-live (not "off") or a role whose live value is implicit. */
const LIVE = `[aria-live]:not([aria-live="off"]), [role="status"]:not([aria-live="off"]),
  [role="alert"]:not([aria-live="off"]), [role="log"]:not([aria-live="off"])`;

/**
 * Starts recording what live regions say from now on, as a screen reader hears it: the words added or changed
 * inside a region that was already on the page (all of its words when it is aria-atomic), and an alert's words
 * when it is added (role="alert" is read as it appears). A region added together with its words says nothing.
 */
export async function recordAnnouncements(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    if (window.__announced !== undefined) return;
    window.__announced = [];
    const LIVE = ${JSON.stringify(LIVE)};
    const say = (text) => {
      const words = (text ?? '').replace(/\\s+/g, ' ').trim();
      if (words !== '') window.__announced.push(words);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target.nodeType === 1 ? record.target : record.target.parentElement;
        const region = target?.closest(LIVE);
        if (region != null && region.getAttribute('aria-atomic') === 'true') say(region.textContent);
        else if (region != null && record.type === 'characterData') say(record.target.data);
        else if (region != null) for (const node of record.addedNodes) say(node.textContent);
        if (region == null)
          for (const node of record.addedNodes) {
            if (node.nodeType !== 1) continue;
            const alerts = [...(node.matches('[role="alert"]') ? [node] : []), ...node.querySelectorAll('[role="alert"]')];
            for (const alert of alerts) say(alert.textContent);
          }
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`);
}

/** What the live regions said since recording started (or since the last `clear`). */
export async function announcements(page: Page, clear = false): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const said = [...(window.__announced ?? [])];
    if (${String(clear)}) window.__announced = [];
    return said;
  })()`);
}

/** Live regions inside another live region: whatever changes in them is said twice. */
export async function nestedLiveRegions(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const LIVE = ${JSON.stringify(LIVE)};
    const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
      (el.getAttribute('role') ? '[role=' + el.getAttribute('role') + ']' : '') +
      (el.getAttribute('aria-live') ? '[aria-live=' + el.getAttribute('aria-live') + ']' : '');
    return [...document.querySelectorAll(LIVE)]
      .filter((el) => el.parentElement?.closest(LIVE) != null)
      .map((el) => 'live region ' + name(el) + ' inside ' + name(el.parentElement.closest(LIVE)));
  })()`);
}

/**
 * Buttons and links that share a name on the page as assistive technology sees it (the accessibility tree, so a
 * dialog's inert background does not count), and Copy buttons that do not say what they copy.
 */
export async function ambiguousNames(page: Page): Promise<string[]> {
  const tree = await page.locator('body').ariaSnapshot();
  const names = [...tree.matchAll(/^\s*- (button|link) "((?:[^"\\]|\\.)*)"/gm)].map(
    (match) => `${match[1]} "${match[2]}"`,
  );
  const twice = [...new Set(names.filter((name, i) => names.indexOf(name) !== i))].map(
    (name) => `${name} appears ${names.filter((other) => other === name).length} times`,
  );
  const bareCopy = names
    .filter((name) => /^button "Cop(y|ied)\.?"$/.test(name))
    .map((name) => `${name} says not what it copies`);
  const unnamed = [...tree.matchAll(/^\s*- button(?: \[[^\]]*\])?:?$/gm)].map(
    () => 'a button without a name',
  );
  return [...twice, ...bareCopy, ...unnamed];
}

/**
 * Every control that takes focus shows a focus ring when focused from the keyboard: an outline of at least 2 px
 * that is not transparent, or a box shadow. Focus goes to each in turn after a Tab press (so Chromium treats it
 * as keyboard focus, :focus-visible), then back where it was. Returns the controls without one and how many were
 * checked.
 */
export async function controlsWithoutFocusRing(page: Page): Promise<{ checked: number; bare: string[] }> {
  await page.keyboard.press('Tab');
  return page.evaluate<{ checked: number; bare: string[] }>(`(() => {
    const SELECTOR = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), ' +
      'select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';
    const before = document.activeElement;
    const bare = [];
    let checked = 0;
    for (const el of document.querySelectorAll(SELECTOR)) {
      if (el.closest('[inert]') != null || el.getClientRects().length === 0) continue;
      el.focus({ preventScroll: true });
      if (document.activeElement !== el) continue;
      checked += 1;
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 &&
        !/^(transparent|rgba\\(\\d+, \\d+, \\d+, 0\\))$/.test(style.outlineColor);
      const shadow = style.boxShadow !== 'none';
      if (!el.matches(':focus-visible') || (!outline && !shadow))
        bare.push(el.tagName.toLowerCase() + ' "' + (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40) + '"');
    }
    if (before instanceof HTMLElement) before.focus({ preventScroll: true });
    return { checked, bare };
  })()`);
}

/** Elements that move (an animation, a transition or smooth scrolling) while the page is asked for reduced motion. */
export async function movingElements(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    if (!matchMedia('(prefers-reduced-motion: reduce)').matches) return ['the page was not asked for reduced motion'];
    const seconds = (list) => list.split(',').some((value) => parseFloat(value) > 0);
    const moving = [];
    for (const el of [document.documentElement, ...document.querySelectorAll('body, body *')]) {
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(el, pseudo);
        const what = el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ').join('.') : '') + (pseudo ?? '');
        if (style.animationName !== 'none' && seconds(style.animationDuration)) moving.push(what + ': animation ' + style.animationName);
        if (seconds(style.transitionDuration)) moving.push(what + ': transition ' + style.transitionProperty);
        if (pseudo === null && style.scrollBehavior === 'smooth') moving.push(what + ': smooth scrolling');
      }
    }
    return [...new Set(moving)].slice(0, 10);
  })()`);
}

/**
 * What does not reflow at `width` CSS px: how far the page scrolls sideways and the outermost elements that reach
 * past the window, and any table no longer exposed as a table once it scrolls inside its own box; the viewport is
 * then set back. The page is measured twice: at once, as the style sheet lays it out (a script that follows the
 * width, such as a chart's resize observer, may not have run yet, and the page must not scroll sideways meanwhile),
 * and again a frame later.
 */
export async function reflowProblems(page: Page, width = 320): Promise<string[]> {
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.setViewportSize({ width, height: viewport.height });
  try {
    const problems = await page.evaluate<string[]>(`new Promise((resolve) => {
      const measure = (when) => {
      const root = document.documentElement;
      const sideways = root.scrollWidth - root.clientWidth;
      if (sideways <= 0) return [];
      const past = [...document.querySelectorAll('body *')].filter((el) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.right <= root.clientWidth + 0.5) return false;
        const parent = el.parentElement.getBoundingClientRect();
        return parent.right <= root.clientWidth + 0.5;
      });
      return ['scrolls ' + sideways + ' px sideways at ${width} CSS px (' + when + '): ' + past.slice(0, 3)
        .map((el) => el.tagName.toLowerCase() + (typeof el.className === 'string' && el.className ? '.' + el.className.split(' ').join('.') : ''))
        .join(', ')];
      };
      const first = measure('at once');
      requestAnimationFrame(() => resolve([...first, ...measure('a frame later')]));
    })`);
    const tables = await page.locator('table:visible').count();
    const exposed = await page.getByRole('table').count();
    if (exposed < tables)
      problems.push(`${tables - exposed} of ${tables} tables not exposed as tables at ${width} px`);
    return problems;
  } finally {
    await page.setViewportSize(viewport);
  }
}

/**
 * The contrast of the text at `selector` with what is behind it, computed as WCAG 2.1 defines it (relative
 * luminance, sRGB): the text's colour over the first background that is not transparent, from the element up to
 * the page (translucent ones blended in). For the cases axe leaves undecided when another element overlaps the
 * box it measures; undefined when the element is not there.
 */
export async function textContrast(page: Page, selector: string): Promise<number | undefined> {
  return page.evaluate<number | undefined>(`(() => {
    const el = document.querySelector(${JSON.stringify(selector)});
    if (el === null) return undefined;
    const rgba = (text) => { const [r, g, b, a = 1] = text.match(/[\\d.]+/g).map(Number); return [r, g, b, a]; };
    const layers = [];
    for (let node = el; node !== null; node = node.parentElement) {
      const colour = rgba(getComputedStyle(node).backgroundColor);
      if (colour[3] > 0) layers.push(colour);
      if (colour[3] === 1) break;
    }
    let back = [255, 255, 255];
    for (const [r, g, b, a] of layers.reverse()) back = [r * a + back[0] * (1 - a), g * a + back[1] * (1 - a), b * a + back[2] * (1 - a)];
    const [r, g, b, a] = rgba(getComputedStyle(el).color);
    const fore = [r * a + back[0] * (1 - a), g * a + back[1] * (1 - a), b * a + back[2] * (1 - a)];
    const luminance = (rgb) => rgb.map((v) => v / 255).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
      .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
    const [hi, lo] = [luminance(fore), luminance(back)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  })()`);
}

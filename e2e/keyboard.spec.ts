import { expect, test, type Page } from './support/test';
import { demo, logIn } from './support/demo';
import { ownerApi, SimFleet } from './support/fleet';

/**
 * Every action reachable by keyboard, with visible focus: on the busiest pages, Tab walks the page
 * from its top; every control a mouse can use must be reached, and each shows that it has focus.
 *
 * A control is what a mouse can act on: a native control, an element with a widget role, or an
 * element drawn with a pointer cursor that is neither (a clickable card). Of a group with one tab
 * stop (tabs, radio groups, a toolbar's roving focus) the group counts as reached when its stop is.
 * Visible focus: an outline, a box shadow, or a border or background that differs from the
 * unfocused look, on the control, on its two nearest wrappers (the box of a pills input), or on the
 * element drawn for it next to it (the track of a switch whose input is invisible).
 */

interface Walk {
  controls: number;
  unreached: string[];
  unseen: string[];
  stops: number;
}

/** Marks the page's controls, then presses Tab until focus comes back round, and says what it missed. */
async function walkWithTab(page: Page): Promise<Walk> {
  const controls = await page.evaluate(() => {
    const NATIVE = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [contenteditable="true"]';
    const ROLES = ['button', 'link', 'tab', 'switch', 'checkbox', 'radio', 'menuitem', 'combobox', 'slider', 'spinbutton', 'textbox', 'searchbox', 'treeitem'];
    const GROUPS = '[role="tablist"], [role="radiogroup"], [role="toolbar"], [role="menubar"], [role="tree"]';
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) return false;
      if (el.closest('[aria-hidden="true"], [inert]')) return false;
      const s = getComputedStyle(el);
      return s.visibility !== 'hidden' && s.display !== 'none';
    };
    const disabled = (el: Element) => el.matches(':disabled') || el.closest('[aria-disabled="true"], fieldset:disabled') !== null;
    const isControl = (el: Element) => el.matches(NATIVE) || ROLES.includes(el.getAttribute('role') ?? '');
    const look = (el: Element | null) => {
      if (!el) return '';
      const s = getComputedStyle(el);
      return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor, s.backgroundColor].join('|');
    };
    // The control, the element drawn next to it, and the wrappers that show focus within them (a pills input's box).
    const around = (el: Element) => [el, el.nextElementSibling, el.parentElement, el.parentElement?.parentElement ?? null].map(look).join('#');
    const name = (el: Element) => {
      const label = el.getAttribute('aria-label') ?? el.getAttribute('title') ?? el.getAttribute('placeholder') ?? (el.textContent ?? '').trim();
      return `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${label.slice(0, 40)}"`;
    };
    const found: { key: string; name: string }[] = [];
    let n = 0;
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (!shown(el) || disabled(el)) continue;
      const pointer = getComputedStyle(el).cursor === 'pointer' && !el.parentElement?.closest(`${NATIVE}, [role]`) && !el.querySelector(NATIVE);
      if (!isControl(el) && !pointer) continue;
      // Mantine draws a checkbox's or radio's input invisible over its box: the input is the control.
      if (pointer && !isControl(el) && el.querySelector('input')) continue;
      const group = el.closest(GROUPS);
      const key = group ? (group.getAttribute('data-kbd-group') ?? `g${n++}`) : `c${n++}`;
      if (group) group.setAttribute('data-kbd-group', key);
      el.setAttribute('data-kbd', key);
      el.setAttribute('data-kbd-look', around(el));
      if (!found.some((f) => f.key === key)) found.push({ key, name: group ? `${name(el)} (in a group)` : name(el) });
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return found;
  });

  const reached = new Set<string>();
  const unseen = new Set<string>();
  const steps = controls.length * 2 + 20;
  let stops = 0;
  for (let i = 0; i < steps; i++) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      // Said again here: a function given to page.evaluate runs in the page, without the closures of the one above.
      const look = (e: Element | null) => {
        if (!e) return '';
        const s = getComputedStyle(e);
        return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor, s.backgroundColor].join('|');
      };
      const around = (e: Element) => [e, e.nextElementSibling, e.parentElement, e.parentElement?.parentElement ?? null].map(look).join('#');
      const s = getComputedStyle(el);
      const outlined = (e: Element | null) => {
        if (!e) return false;
        const o = getComputedStyle(e);
        return o.outlineStyle !== 'none' && parseFloat(o.outlineWidth) > 0;
      };
      // Its own ring, or the ring of the box drawn around it (a pills input's field): a page that drew
      // the control again after the marking (data arriving) leaves nothing to compare with.
      const ring = outlined(el) || s.boxShadow !== 'none' || outlined(el.parentElement) || outlined(el.parentElement?.parentElement ?? null);
      const before = el.getAttribute('data-kbd-look');
      const now = around(el);
      const withKey = el.closest('[data-kbd]');
      const again = el.hasAttribute('data-kbd-first');
      if (!document.querySelector('[data-kbd-first]')) el.setAttribute('data-kbd-first', '');
      const label = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40);
      return {
        key: withKey?.getAttribute('data-kbd') ?? `unmarked ${el.tagName.toLowerCase()} "${label}"`,
        visible: ring || (before !== null && before !== now),
        again,
      };
    });
    if (!at) continue;
    // Back at the first stop: the walk has gone round.
    if (at.again) break;
    stops++;
    reached.add(at.key);
    if (!at.visible) unseen.add(at.key);
  }
  const nameOf = (key: string) => controls.find((c) => c.key === key)?.name ?? key;
  return {
    controls: controls.length,
    unreached: controls.filter((c) => !reached.has(c.key)).map((c) => c.name),
    unseen: [...unseen].map(nameOf),
    stops,
  };
}

/**
 * The busiest pages, each a journey of its own spread over the workers: walking six pages in one
 * journey took over four minutes on a slow CI machine. Each walks beside a gateway and a laptop.
 */
const PAGES: [string, string][] = [
  ['/sdwan/dashboard', 'SD-WAN Dashboard'],
  ['/ztna/dashboard', 'Zero Trust Dashboard'],
  ['/ztna/organization/web-filter/url-based-filtering', 'URL Filtering'],
  ['/sdwan/organization/inventory', 'Inventory'],
  ['/sdwan/organization/monitor/alarms/device', 'Alarms'],
  ['/sdwan/teams/users', 'Users'],
];

test.describe.configure({ mode: 'parallel' });

for (const [path, heading] of PAGES) {
  test(`on ${heading} (${path}), Tab reaches every control and each shows its focus`, async ({ page, request, baseURL }) => {
    const fleet = new SimFleet(request, baseURL!, await ownerApi(request, demo.owner));
    try {
      await fleet.add({ name: 'e2e-kbd-gw', kind: 'gateway', location: { name: 'Pune', lat: 18.52, lng: 73.86 } });
      await fleet.add({ name: 'e2e-kbd-laptop', kind: 'endpoint', user: 'maya@acme.test', os: 'windows', vpnIp: '10.8.0.9' });
      await logIn(page, demo.owner);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
      // Live tables and charts have drawn: the walk sees the page as a user would.
      await page.waitForLoadState('networkidle');
      const walk = await walkWithTab(page);
      expect.soft(walk.unreached, `${path}: controls Tab never reaches`).toEqual([]);
      expect.soft(walk.unseen, `${path}: controls focused without a visible sign`).toEqual([]);
      expect(walk.stops, `${path}: tab stops`).toBeGreaterThan(5);
    } finally {
      await fleet.remove();
    }
  });
}

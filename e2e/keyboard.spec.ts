import { expect, test, type Locator, type Page } from './support/test';
import { demo, DEMO_PASSWORD } from './support/demo';
import { ownerApi, SimFleet } from './support/fleet';

/**
 * A keyboard user on the console's main pages: Tab and Shift+Tab reach every control of each page,
 * each shows a focus ring (its outline or shadow differs from its unfocused look), and menus,
 * popovers, dialogs, tabs, a table's sort and pager work with Enter, the arrows and Escape.
 */

/**
 * Installed with the page's first script: every element that takes focus is numbered and its
 * ring read at that moment (on it, its parent and its next sibling, where a visually hidden
 * input's switch or radio draws its ring).
 */
const RECORD_FOCUS = `
  window.__kb = { seq: [], n: 0 };
  window.__kbRing = (el) => [el, el.parentElement, el.nextElementSibling]
    .map((e) => { if (!e) return ''; const s = getComputedStyle(e); return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow].join(' '); })
    .join(' | ');
  document.addEventListener('focusin', (e) => {
    const el = e.target;
    if (!(el instanceof Element)) return;
    let id = el.getAttribute('data-kb');
    if (!id) { id = String(++window.__kb.n); el.setAttribute('data-kb', id); }
    window.__kb.seq.push({ id, ring: window.__kbRing(el) });
  }, true);
`;

interface Walk {
  /** Controls that can take focus from the keyboard and were never reached. */
  unreached: string[];
  /** Controls reached whose look did not change with focus. */
  ringless: string[];
  /** Things that look clickable (a pointer cursor) yet neither take focus nor hold anything that does. */
  mouseOnly: string[];
  reached: number;
}

/**
 * Tabs from the top of the page until focus comes round again (or `max` presses), then compares
 * what took focus with what the page offers. Names are a control's role and text, for the report.
 */
async function walk(page: Page, max = 160): Promise<Walk> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    (window as unknown as { __kb: { seq: unknown[] } }).__kb.seq = [];
  });
  for (let i = 0; i < max; i += 10) {
    for (let j = 0; j < 10; j++) await page.keyboard.press('Tab');
    const round = await page.evaluate(() => {
      const seq = (window as unknown as { __kb: { seq: { id: string }[] } }).__kb.seq;
      return seq.length > 1 && seq.slice(1).some((s) => s.id === seq[0]!.id);
    });
    if (round) break;
  }
  // Focus leaves for the page itself: each control is read again without it.
  return page.evaluate(() => {
    const w = window as unknown as { __kb: { seq: { id: string; ring: string }[] }; __kbRing: (el: Element) => string };
    (document.activeElement as HTMLElement | null)?.blur();
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${(el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? el.getAttribute('placeholder') ?? '').trim().slice(0, 40)}"`;
    const reachedIds = new Set(w.__kb.seq.map((s) => s.id));
    const ringless = new Set<string>();
    for (const s of w.__kb.seq) {
      const el = document.querySelector(`[data-kb="${s.id}"]`);
      if (el && el.isConnected && w.__kbRing(el) === s.ring) ringless.add(name(el));
    }
    const shown = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[inert]');
    const focusable = (el: Element) =>
      el.matches('a[href], button, input:not([type=hidden]), select, textarea, [tabindex], [contenteditable=true]') &&
      !(el as HTMLButtonElement).disabled &&
      (el as HTMLElement).tabIndex >= 0 &&
      shown(el);
    const all = Array.from(document.querySelectorAll('body *'));
    const offered = all.filter(focusable);
    const reachedRadioGroups = new Set(
      offered.filter((el) => el.matches('input[type=radio]') && reachedIds.has(el.getAttribute('data-kb') ?? '')).map((el) => (el as HTMLInputElement).name),
    );
    const unreached = offered
      .filter((el) => !reachedIds.has(el.getAttribute('data-kb') ?? ''))
      // One radio of a group takes Tab; the arrows move among the others.
      .filter((el) => !(el.matches('input[type=radio]') && reachedRadioGroups.has((el as HTMLInputElement).name)))
      .map(name);
    const pointer = (el: Element | null) => !!el && getComputedStyle(el).cursor === 'pointer';
    const mouseOnly = all
      .filter((el) => shown(el) && pointer(el) && !pointer(el.parentElement) && !focusable(el))
      .filter((el) => !el.closest('label') && !el.closest('a[href], button, [tabindex]') && !offered.some((f) => el.contains(f)))
      .map(name);
    return { unreached, ringless: [...ringless], mouseOnly, reached: reachedIds.size };
  });
}

/** Every control of the page reached, each with a ring, nothing clickable by mouse alone. */
async function expectKeyboardReachable(page: Page, what: string, atLeast: number) {
  const w = await walk(page);
  expect.soft(w.unreached, `${what}: controls Tab never reached`).toEqual([]);
  expect.soft(w.ringless, `${what}: controls without a visible focus`).toEqual([]);
  expect.soft(w.mouseOnly, `${what}: clickable by mouse only`).toEqual([]);
  expect(w.reached, `${what}: controls reached`).toBeGreaterThanOrEqual(atLeast);
}

/** Presses Tab (or Shift+Tab) until `target` has focus, as a user would. */
async function tabTo(page: Page, target: Locator, back = false, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

/** Opens a page from the address bar and waits for its heading and data. */
async function open(page: Page, href: string) {
  await page.goto(href);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.mantine-Skeleton-root[data-visible="true"]')).toHaveCount(0);
}

test('a keyboard user reaches every control of the main pages, sees where focus is, and works menus, dialogs, tabs and tables', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const fleet = new SimFleet(request, baseURL!, await ownerApi(request, demo.owner));
  try {
    // Eleven gateways: one more than the device table's first page.
    const gateways = await Promise.all(Array.from({ length: 11 }, (_, i) => fleet.add({ name: `e2e-kb-gw-${String(i).padStart(2, '0')}`, kind: 'gateway' })));
    await page.addInitScript({ content: RECORD_FOCUS });

    // Sign-in, by keyboard alone.
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Sign in to Netloom' })).toBeVisible();
    await expectKeyboardReachable(page, 'sign-in', 4);
    await tabTo(page, page.getByLabel('Email or username'));
    await page.keyboard.type(demo.owner);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/sdwan\/dashboard$/);
    await expect(page.locator('h1')).toBeVisible();

    // The first Tab offers to skip the header and the side menu.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();

    // The SD-WAN dashboard and its device list.
    const devices = page.getByTestId('device-table');
    await expect(devices.getByText('e2e-kb-gw-00')).toBeVisible();
    await expectKeyboardReachable(page, 'SD-WAN dashboard', 20);

    // Sort a column, then page the table.
    const nameHeader = devices.getByRole('columnheader', { name: /Name/ }).first();
    const sortButton = nameHeader.getByRole('button');
    await tabTo(page, sortButton);
    const sortBefore = await nameHeader.getAttribute('aria-sort');
    await page.keyboard.press('Enter');
    await expect(nameHeader).not.toHaveAttribute('aria-sort', sortBefore ?? 'none');
    await tabTo(page, devices.getByRole('button', { name: 'Next page' }));
    await page.keyboard.press('Enter');
    await expect(devices.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    // A menu: the profile menu opens with Enter, the arrows move in it, Escape closes it and
    // gives focus back to its button.
    const profile = page
      .getByRole('banner')
      .getByRole('button', { name: /^Profile menu/ })
      .first();
    await tabTo(page, profile, true);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(profile).toBeFocused();

    // A popover: the alarms bell.
    const bell = page
      .getByRole('banner')
      .getByRole('button', { name: /^Notifications/ })
      .first();
    await tabTo(page, bell, true);
    await page.keyboard.press('Enter');
    const popover = page.getByRole('dialog');
    await expect(popover).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(bell).toBeFocused();

    // A device's page.
    const gateway = gateways[0]!;
    await open(page, `/sdwan/device/configure/status/deviceoverview/device-interfaces?device=${gateway.id}`);
    await expectKeyboardReachable(page, 'device page', 10);

    // A configuration form, in a dialog that holds focus until Escape gives it back.
    await open(page, `/sdwan/device/configure/staticroutes?device=${gateway.id}`);
    await expectKeyboardReachable(page, 'static routes', 10);
    const add = page.getByRole('button', { name: 'Add static route' }).first();
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(':focus')).toHaveCount(1);
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    await expect(dialog.locator(':focus'), 'focus stays in the dialog').toHaveCount(1);
    // Escape on a select belongs to its list (WAI-ARIA combobox); from a button it closes the dialog.
    await tabTo(page, dialog.getByRole('button', { name: 'Cancel' }));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();

    // Alarms, web filter (tabs by the arrows), ZTNA inventory, settings.
    await open(page, '/sdwan/organization/monitor/alarms/device');
    await expectKeyboardReachable(page, 'alarms', 10);

    await open(page, '/ztna/organization/web-filter');
    await expectKeyboardReachable(page, 'web filter', 10);
    const selected = page.getByRole('main').getByRole('tab', { selected: true });
    const first = (await selected.textContent()) ?? '';
    await tabTo(page, selected);
    await page.keyboard.press('ArrowRight');
    await expect(selected).not.toHaveText(first);
    await expect(selected).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(selected).toHaveText(first);

    await open(page, '/ztna/organization/inventory');
    await expectKeyboardReachable(page, 'ZTNA inventory', 10);

    await open(page, '/settings/profile');
    await expectKeyboardReachable(page, 'settings', 8);
  } finally {
    await fleet.remove();
  }
});

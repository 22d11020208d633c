import { expect, type Locator, type Page } from '@playwright/test';
import { demo, logIn } from './demo';
import type { SimFleet } from './fleet';

/**
 * How long a reloaded dashboard's map may take to draw: its WebGL canvas, style and world data start
 * again on each load, and on a CI machine running two browsers and two servers that took over 20 s.
 */
export const MAP_LOAD_TIMEOUT = 45_000;
/** How long a dashboard's panels may take after a full load: the console boots and the map draws beside them. */
export const DASHBOARD_LOAD_TIMEOUT = 60_000;

/** The fleet map on a dashboard: the MapLibre canvas and the card around it (hover cards, cluster counts). */
export function fleetMap(page: Page) {
  const card = page.getByTestId('fleet-map');
  return { card, region: card.getByRole('region', { name: 'Device map' }), canvas: card.locator('canvas') };
}

/**
 * The middle of the map, where a lone marker or cluster sits: the map fits itself around the
 * devices it shows.
 */
export async function middleOf(region: Locator): Promise<{ x: number; y: number }> {
  const box = await region.boundingBox();
  if (!box) throw new Error('the map is not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Points at a spot until `shows` appears. The canvas draws the markers a moment after the page
 * shows, and MapLibre only reacts to a pointer that moves, so the pointer wiggles by a pixel. The
 * first hover after a load waits for the markers themselves, which can come as late as the map.
 */
export async function hoverUntil(page: Page, at: { x: number; y: number }, shows: Locator) {
  let nudge = 0;
  await expect(async () => {
    nudge = nudge === 0 ? 1 : 0;
    await page.mouse.move(at.x + nudge, at.y);
    await expect(shows).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: MAP_LOAD_TIMEOUT });
}

/**
 * Two ZTNA clients about a kilometre apart (Goa), and the owner on the ZTNA dashboard: one
 * cluster of 2 at the map's first zoom, two markers a little closer in.
 */
export async function showClusterOfTwo(page: Page, fleet: SimFleet, namePrefix: string) {
  await fleet.add({ name: `${namePrefix}-1`, kind: 'endpoint', user: 'maya@acme.test', location: { name: 'Goa', lat: 15.49, lng: 73.82 } });
  await fleet.add({ name: `${namePrefix}-2`, kind: 'endpoint', user: 'ravi@acme.test', location: { name: 'Goa', lat: 15.49, lng: 73.83 } });
  await logIn(page, demo.owner);
  await expect(page).toHaveURL(/\/sdwan\/dashboard$/);
  await page.goto('/ztna/dashboard');
  const map = fleetMap(page);
  await expect(map.canvas).toBeVisible({ timeout: MAP_LOAD_TIMEOUT });
  const clusterCount = map.card.getByText('2', { exact: true });
  // Clusters are counted in the map's worker after its canvas shows: on a loaded CI machine, past 20 s.
  await expect(clusterCount).toBeVisible({ timeout: MAP_LOAD_TIMEOUT });
  return { map, clusterCount };
}

import { describe, expect, it } from 'vitest';
import { TOUR_IDS } from './api';
import {
  DASHBOARD_TOUR_DELAY_MS,
  DEMO_TOUR,
  DEMO_TOUR_START_DELAY_MS,
  SDWAN_TOUR,
  SIGN_UP_NAVIGATION_DELAY_MS,
  TOUR_RESUME_DELAY_MS,
  TOUR_START_DELAY_MS,
  TOURS,
  ZTNA_TOUR,
} from './tours';
import { TUTORIAL_TOPICS } from './tutorials';

describe('guided tours (spec 000 §2.17)', () => {
  it('the SD-WAN tour has its 18 steps in the spec order', () => {
    expect(SDWAN_TOUR.map((s) => s.key)).toEqual([
      'home',
      'sdWan',
      'globalMonitor',
      'logs',
      'teams',
      'teamusers',
      'group',
      'ndr',
      'organization',
      'inventory',
      'monitor',
      'systemTools',
      'configTemplates',
      'search',
      'network',
      'device',
      'notifications',
      'profile',
    ]);
  });

  it('the ZTNA dashboard tour has its 22 named items in the spec order', () => {
    expect(ZTNA_TOUR.map((s) => s.title)).toEqual([
      'Dashboard',
      'Endpoint Profiles',
      'Teams',
      'Users',
      'Groups',
      'Organization',
      'Inventory',
      'Servers',
      'Configure',
      'Policies',
      'Web Filtering',
      'Overlay Servers',
      'Logs',
      'Search',
      'Device Groups',
      'Device List',
      'Notifications',
      'Support',
      'Settings',
      'Docs',
      'Live Chat',
      'Profile',
    ]);
  });

  // The spec calls it "27 steps" but names 29 items; every named item is kept, in its order.
  it('the demo tour names every item of the spec list, pausing at total devices, search and the end', () => {
    expect(DEMO_TOUR).toHaveLength(29);
    expect(DEMO_TOUR.slice(13, 20).map((s) => s.title)).toEqual([
      'Total Devices',
      'Online Devices',
      'Total Users',
      'Online Users',
      'Location Map',
      'Status and Visibility',
      'Search',
    ]);
    expect(DEMO_TOUR.filter((s) => s.pause).map((s) => [s.key, s.pause])).toEqual([
      ['totalDevices', 'dialog'],
      ['search', 'dialog'],
      [null, 'end'],
    ]);
    expect(DEMO_TOUR.at(-1)?.pause).toBe('end');
  });

  it('only the demo tour pauses, and every step says something', () => {
    for (const id of TOUR_IDS) {
      for (const s of TOURS[id]) {
        expect(s.title.length).toBeGreaterThan(0);
        expect(s.description.length).toBeGreaterThan(0);
        if (id !== 'demo') expect(s.pause).toBeUndefined();
      }
    }
  });

  it('keeps the timings of spec 001 §9', () => {
    expect([TOUR_START_DELAY_MS, DASHBOARD_TOUR_DELAY_MS, DEMO_TOUR_START_DELAY_MS, TOUR_RESUME_DELAY_MS, SIGN_UP_NAVIGATION_DELAY_MS]).toEqual([
      200, 1000, 2000, 300, 1000,
    ]);
  });

  it('the Explore form lists the six tutorial topics with the spec wording', () => {
    expect(TUTORIAL_TOPICS.map((t) => t.title)).toEqual([
      'Endpoint Client Application',
      'Users and group creation',
      'Endpoint profile creation',
      'Security groups creations',
      'Data protection policy',
      'Web Filering',
    ]);
    expect(new Set(TUTORIAL_TOPICS.map((t) => t.id)).size).toBe(6);
  });
});

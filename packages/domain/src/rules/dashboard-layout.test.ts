import { describe, expect, it } from 'vitest';
import { dashboardLayoutBodySchema } from '../api/dashboard-layout';
import { dashboardLayoutProblems, defaultDashboardLayout, resolveDashboardLayout, visibleDashboardWidgets, widgetHiddenReason } from './dashboard-layout';

const all = { hasDevices: true, netflow: true, urlStats: false };

describe('dashboard layout', () => {
  it("defaults to today's order, everything shown; the web-filter graphs only on ZTNA", () => {
    expect(defaultDashboardLayout('sdwan').widgets.map((w) => w.id)).toEqual(['tiles', 'map', 'traffic', 'devices']);
    expect(defaultDashboardLayout('ztna').widgets.map((w) => w.id)).toEqual(['tiles', 'map', 'traffic', 'webFilter', 'devices']);
    expect(defaultDashboardLayout('ztna').widgets.every((w) => w.shown)).toBe(true);
  });

  it('completes a stored layout: its order first, widgets it does not name after, shown; the device list never hidden', () => {
    const stored = {
      widgets: [
        { id: 'devices' as const, shown: false },
        { id: 'map' as const, shown: false },
        { id: 'webFilter' as const, shown: true },
      ],
    };
    expect(resolveDashboardLayout('sdwan', stored).widgets).toEqual([
      { id: 'devices', shown: true },
      { id: 'map', shown: false },
      { id: 'tiles', shown: true },
      { id: 'traffic', shown: true },
    ]);
  });

  it('the schema refuses an unknown widget, a widget named twice, extra keys and an empty list', () => {
    expect(dashboardLayoutBodySchema.safeParse({ widgets: [{ id: 'weather', shown: true }] }).success).toBe(false);
    const twice = dashboardLayoutBodySchema.safeParse({
      widgets: [
        { id: 'map', shown: true },
        { id: 'map', shown: false },
      ],
    });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]?.path).toEqual(['widgets', 1, 'id']);
    expect(dashboardLayoutBodySchema.safeParse({ widgets: [{ id: 'map', shown: true, size: 2 }] }).success).toBe(false);
    expect(dashboardLayoutBodySchema.safeParse({ widgets: [] }).success).toBe(false);
    expect(
      dashboardLayoutBodySchema.safeParse({
        widgets: [
          { id: 'devices', shown: true },
          { id: 'map', shown: false },
        ],
      }).success,
    ).toBe(true);
  });

  it("names the problems of a layout for its product: another product's widget, a repeat, a hidden device list", () => {
    expect(dashboardLayoutProblems('sdwan', { widgets: [{ id: 'webFilter', shown: true }] })).toEqual({
      'widgets.0.id': ["The SDWAN dashboard has no widget 'webFilter'."],
    });
    expect(
      Object.keys(
        dashboardLayoutProblems('ztna', {
          widgets: [
            { id: 'map', shown: true },
            { id: 'map', shown: true },
          ],
        }),
      ),
    ).toEqual(['widgets.1.id']);
    expect(Object.keys(dashboardLayoutProblems('ztna', { widgets: [{ id: 'devices', shown: false }] }))).toEqual(['widgets.0.shown']);
    expect(dashboardLayoutProblems('ztna', defaultDashboardLayout('ztna'))).toEqual({});
  });

  it('the dashboard rules still apply on top of the layout (spec 000 §2.7)', () => {
    const layout = {
      widgets: [
        { id: 'devices' as const, shown: true },
        { id: 'map' as const, shown: false },
      ],
    };
    expect(visibleDashboardWidgets('sdwan', layout, all)).toEqual(['devices', 'tiles', 'traffic']);
    expect(visibleDashboardWidgets('sdwan', null, { ...all, hasDevices: false })).toEqual(['devices']);
    expect(visibleDashboardWidgets('ztna', null, { hasDevices: true, netflow: true, urlStats: true })).toEqual(['tiles', 'map', 'webFilter', 'devices']);
    expect(visibleDashboardWidgets('ztna', null, { hasDevices: true, netflow: false, urlStats: false })).toEqual(['tiles', 'map', 'devices']);
    expect(widgetHiddenReason('sdwan', 'webFilter', { hasDevices: true, netflow: false, urlStats: true })).toBe('Shows when URL Stats is on (Settings).');
  });
});

import { describe, expect, it } from 'vitest';
import { rumAlertInputSchema, rumQuerySchema, rumSiteInputSchema, rumSourceMapInputSchema } from './api';

describe('RUM API schemas', () => {
  it('takes a site with origins only (no path) and defaults sampling and DNT', () => {
    const ok = rumSiteInputSchema.parse({ name: 'Shop', kind: 'website', origins: ['https://Shop.example.com'] });
    expect(ok).toMatchObject({ origins: ['https://shop.example.com'], sample_rate: 1, honour_dnt: false });
    expect(rumSiteInputSchema.safeParse({ name: 'Shop', kind: 'website', origins: ['https://shop.example.com/cart'] }).success).toBe(false);
    expect(rumSiteInputSchema.safeParse({ name: 'Shop', kind: 'website', origins: [] }).success).toBe(false);
    expect(rumSiteInputSchema.parse({ name: 'Shop', kind: 'website', origins: ['https://a.io'], sample_rate: 9e-323 }).sample_rate).toBe(0);
    expect(rumSiteInputSchema.safeParse({ name: 'Shop', kind: 'website', origins: ['https://a.io'], sample_rate: 1.5 }).success).toBe(false);
  });

  it('takes a source map only when it is one', () => {
    const map = JSON.stringify({ version: 3, sources: ['a.ts'], names: [], mappings: 'AAAA' });
    expect(rumSourceMapInputSchema.safeParse({ release: '1.0', file_url: 'https://x.io/app.js', map }).success).toBe(true);
    expect(rumSourceMapInputSchema.safeParse({ release: '1.0', file_url: 'https://x.io/app.js', map: '{"version":2}' }).success).toBe(false);
  });

  it('refuses a backwards window and a threshold of zero', () => {
    const q = { site_id: '5f2b0c1e-1111-4222-8333-944445555666', start_time: '2026-01-02T00:00:00Z', end_time: '2026-01-01T00:00:00Z' };
    expect(rumQuerySchema.safeParse(q).success).toBe(false);
    expect(rumAlertInputSchema.safeParse({ site_id: q.site_id, vital: 'LCP', threshold: 0 }).success).toBe(false);
    expect(rumAlertInputSchema.parse({ site_id: q.site_id, vital: 'LCP', threshold: 2500 })).toMatchObject({ window_minutes: 30, enabled: true });
  });
});

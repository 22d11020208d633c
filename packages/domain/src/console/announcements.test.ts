import { describe, expect, it } from 'vitest';
import { announcementBodySchema, announcementIsLive, announcementState } from './api';

const at = (iso: string) => new Date(iso);

describe('announcement window', () => {
  const a = { starts_at: '2026-03-01T10:00:00Z', ends_at: '2026-03-02T10:00:00Z' };

  it('is scheduled before its start, live from its start, ended from its end', () => {
    expect(announcementState(a, at('2026-03-01T09:59:59Z'))).toBe('scheduled');
    expect(announcementState(a, at('2026-03-01T10:00:00Z'))).toBe('live');
    expect(announcementIsLive(a, at('2026-03-02T09:59:59Z'))).toBe(true);
    expect(announcementState(a, at('2026-03-02T10:00:00Z'))).toBe('ended');
    expect(announcementIsLive(a, at('2026-03-02T10:00:00Z'))).toBe(false);
  });

  it('without an end stays live', () => {
    expect(announcementState({ ...a, ends_at: null }, at('2036-01-01T00:00:00Z'))).toBe('live');
  });

  it('refuses an end before the start and chosen tenants without any', () => {
    const r = announcementBodySchema.safeParse({ title: 'x', body: 'y', audience: 'tenants', starts_at: a.ends_at, ends_at: a.starts_at });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['ends_at', 'tenant_ids']);
  });
});

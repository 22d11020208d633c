import { describe, expect, it } from 'vitest';
import { configDocumentSchema } from './document';
import { gatewayFilterDecision, gatewayFilters } from './gateway-filter';
import { interfaces } from './families/test-fixtures';

const at = new Date(Date.UTC(2026, 2, 4, 14));
const doc = (url_filter: unknown, content_filter: unknown = {}) => configDocumentSchema.parse({ interfaces, url_filter, content_filter });
const content = {
  categories: [
    { category: 'social-networking', action: 'block' },
    { category: 'streaming-media', action: 'monitor' },
    { category: 'reference', action: 'allow' },
  ],
  blocked_urls: ['en.wikipedia.org'],
  allowed_urls: ['www.facebook.com/business'],
};
const decide = (d: ReturnType<typeof doc>, host: string, path = '/', client = '192.168.1.20') =>
  gatewayFilterDecision(d, { client, host, path, at })?.action ?? null;

describe("a gateway's own URL filter", () => {
  it('blocks, monitors and allows by category, a blocked URL beating an allowed category and an allowed URL beating a blocked one', () => {
    const d = doc({ interfaces: ['lan1'] }, content);
    expect(decide(d, 'www.facebook.com')).toBe('blocked');
    expect(decide(d, 'www.facebook.com', '/business/ads')).toBe('allowed');
    expect(decide(d, 'www.youtube.com')).toBe('logged');
    expect(decide(d, 'www.britannica.com')).toBe('allowed');
    expect(decide(d, 'en.wikipedia.org')).toBe('blocked');
    expect(decide(d, 'www.example.com')).toBe('allowed');
  });

  it('looks only at clients of the LANs it names that are not exempt, and at nothing while off', () => {
    const d = doc({ interfaces: ['lan1.10'], exempt_clients: ['192.168.10.128/25'] }, content);
    expect(decide(d, 'www.facebook.com', '/', '192.168.10.20')).toBe('blocked');
    expect(decide(d, 'www.facebook.com', '/', '192.168.10.200')).toBeNull();
    expect(decide(d, 'www.facebook.com', '/', '192.168.1.20')).toBeNull();
    const off = doc({ enabled: false, interfaces: ['lan1'] }, content);
    expect(gatewayFilters(off, '192.168.1.20')).toBe(false);
    expect(decide(off, 'www.facebook.com')).toBeNull();
    expect(decide(configDocumentSchema.parse({ interfaces, content_filter: content }), 'www.facebook.com')).toBeNull();
  });
});

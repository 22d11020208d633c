import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { configDocumentSchema } from '../document';
import { checkTemplateSection } from '../effective';
import { issues } from './test-fixtures';

describe('Content Filtering family', () => {
  it('takes an action per category of the database and URLs in the web filter rule syntax, and fills defaults', () => {
    const content_filter = {
      categories: [
        { category: 'social-networking', action: 'block' },
        { category: 'streaming-media', action: 'monitor' },
        { category: 'uncategorised', action: 'allow' },
      ],
      blocked_urls: ['*.example.com', 'https://news.example.org/sport'],
      allowed_urls: ['www.facebook.com/business'],
    };
    expect(issues({ content_filter })).toEqual([]);
    expect(configDocumentSchema.parse({ content_filter: {} }).content_filter).toEqual({ categories: [], blocked_urls: [], allowed_urls: [] });
  });

  it('refuses a category not in the database, an unknown action, a URL the rule syntax cannot read, and a category given two actions', () => {
    const content_filter = {
      categories: [
        { category: 'social-networking', action: 'block' },
        { category: 'gossip', action: 'block' },
        { category: 'social-networking', action: 'allow' },
        { category: 'news', action: 'warn' },
      ],
      blocked_urls: ['not a url'],
    };
    expect(issues({ content_filter })).toEqual([
      'content_filter.categories.1.category: Not a category of the category database',
      'content_filter.categories.3.action: Invalid option: expected one of "block"|"allow"|"monitor"',
      'content_filter.blocked_urls.0: Enter correct URL',
    ]);
    const twice = [
      { category: 'social-networking', action: 'block' },
      { category: 'social-networking', action: 'allow' },
    ];
    expect(issues({ content_filter: { categories: twice } })).toEqual(['content_filter.categories.1.category: Category already has an action']);
  });

  it('refuses a URL listed twice, written either way, and a URL both blocked and allowed, at the later field', () => {
    const content_filter = {
      blocked_urls: ['example.com', 'https://EXAMPLE.com/', 'example.com/docs'],
      allowed_urls: ['http://example.com/docs/', 'wikipedia.org', 'wikipedia.org'],
    };
    expect(issues({ content_filter })).toEqual([
      'content_filter.blocked_urls.1: URL already listed',
      'content_filter.allowed_urls.2: URL already listed',
      'content_filter.allowed_urls.0: Also on the blocked URLs: keep it on one list',
    ]);
  });

  it('flags an allowed URL exactly when the blocked URLs hold the same rule', () => {
    const hosts = ['a.example', 'b.example', 'c.example', '*.d.example'];
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...hosts)), fc.uniqueArray(fc.constantFrom(...hosts)), (blocked, allowed) => {
        const found = issues({ content_filter: { blocked_urls: blocked, allowed_urls: allowed.map((h) => `https://${h}/`) } });
        expect(found).toEqual(
          allowed.flatMap((h, i) => (blocked.includes(h) ? [`content_filter.allowed_urls.${i}: Also on the blocked URLs: keep it on one list`] : [])),
        );
      }),
    );
  });

  it('lets a template hold variables in its categories and URLs', () => {
    const section = { categories: [{ category: '{{category}}', action: 'block' }], blocked_urls: ['{{site}}'], allowed_urls: ['{{site}}'] };
    expect(checkTemplateSection('content_filter', section)).toEqual([]);
    expect(checkTemplateSection('content_filter', { categories: [{ category: 'news', action: 'warn' }] }).map((i) => i.path.join('.'))).toEqual([
      'categories.0.action',
    ]);
  });
});

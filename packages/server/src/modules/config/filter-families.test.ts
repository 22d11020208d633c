import { describe, expect, it } from 'vitest';
import type { ConfigDocument } from '@netloom/domain';
import { testBackends } from '../../test/build';
import { familyHarness, itTakesEachFamily, type FamilyCase } from '../../test/family-suite';

const interfaces = {
  lan: [{ name: 'lan1', ip: '192.168.10.1', prefix: 24 }],
  wan: [{ name: 'wan1', mode: 'dhcp' }],
};

/** One section of each family, one with a `{{variable}}` for a template, and one that breaks a rule. */
const FAMILIES = {
  content_filter: {
    section: { categories: [{ category: 'gambling', action: 'block' }], blocked_urls: ['casino.example.com'], allowed_urls: ['news.example.org'] },
    templated: { categories: [{ category: 'gambling', action: 'monitor' }], blocked_urls: ['{{blocked_site}}'] },
    value: { blocked_site: 'games.example.com' },
    rendered: (doc: ConfigDocument) => doc.content_filter?.blocked_urls[0],
    expected: 'games.example.com',
    bad: { blocked_urls: ['example.com'], allowed_urls: ['https://example.com/'] },
    badField: 'section.allowed_urls.0',
  },
  url_filter: {
    section: { interfaces: ['lan1'], exempt_clients: ['192.168.10.0/28'], safesearch: true, block_page_message: 'Ask IT', log_allowed: true },
    templated: { interfaces: ['lan1'], block_page_message: 'Call {{helpdesk}}' },
    value: { helpdesk: 'extension 400' },
    rendered: (doc: ConfigDocument) => doc.url_filter?.block_page_message,
    expected: 'Call extension 400',
    bad: { interfaces: ['wan1'] },
    badField: 'section.interfaces.0',
  },
} satisfies Record<string, FamilyCase>;

describe.each(testBackends('pglite'))('Content Filtering and URL Filtering configuration on %s', (backend) => {
  const h = familyHarness(backend);
  itTakesEachFamily(h, FAMILIES, interfaces, 'FLT');

  it("shows a gateway's refusal of more URL rules than its table holds as failed, with the gateway's words", async () => {
    const { agent, id } = await h.gateway('SN-FLT-FULL');
    await h.call('PUT', `device/config/${id}/sections/interfaces/`, { section: interfaces });
    await h.answer(agent);
    const blocked_urls = Array.from({ length: 600 }, (_, i) => `site${i}.example.com`);
    expect((await h.call('PUT', `device/config/${id}/sections/content_filter/`, { section: { blocked_urls } })).statusCode).toBe(200);
    const words = 'content_filter: this gateway holds at most 512 URL rules, blocked and allowed together (600 given)';
    await h.answer(agent, false, words);
    expect((await h.state(id)).sync).toMatchObject({ state: 'failed', error: words });
  });
});

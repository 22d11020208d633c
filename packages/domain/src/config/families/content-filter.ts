import { z } from 'zod';
import { storableText } from '../../validators/storable-text';
import { chipMessages } from '../../validators/messages';
import { documented, PATTERNS } from '../../validators/documented';
import { UNCATEGORISED, WEB_CATEGORIES } from '../../webfilter/categories';
import { isUrlPattern, parseUrlPattern } from '../../webfilter/url-patterns';
import { addFieldIssue, flagRepeats } from './issues';

/**
 * Content Filtering (`sdwan/device/configure/content-filter`: category-filter, url-blocking): the
 * gateway's own filter for its LAN, run where URL Filtering (url-filter.ts) switches it on. Each
 * category of the shipped database gets an action; blocked and allowed URLs are written as the
 * web filter's URL rules (url-patterns.ts). An allowed URL beats its category, a blocked one
 * beats an allowing category (the web filter's order, evaluate.ts).
 */
export const CONTENT_FILTER_ACTIONS = ['block', 'allow', 'monitor'] as const;
export type ContentFilterAction = (typeof CONTENT_FILTER_ACTIONS)[number];

/** The categories an action can name: the shipped database and uncategorised. */
export const CONTENT_FILTER_CATEGORIES: [string, ...string[]] = [UNCATEGORISED.id, ...WEB_CATEGORIES.map((c) => c.id)];

export const contentFilterCategorySchema = z.strictObject({
  // An enum, so the API document lists the categories a client may name.
  category: z.enum(CONTENT_FILTER_CATEGORIES, { error: 'Not a category of the category database' }),
  action: z.enum(CONTENT_FILTER_ACTIONS),
});
export type ContentFilterCategory = z.infer<typeof contentFilterCategorySchema>;

const urlRule = documented(storableText().trim().max(2_048).refine(isUrlPattern, chipMessages.url), { pattern: PATTERNS.urlPattern });
const URL_LIMIT = 1_000;

/**
 * What a rule matches, so `https://example.com/` and `example.com` are one rule: the web filter's
 * own reading of it. A text that is no rule has no key (its own message says so).
 */
function urlRuleKey(text: string): string | undefined {
  const p = parseUrlPattern(text);
  return p ? `${p.subdomainsOnly ? '*.' : ''}${p.host}${p.path}` : undefined;
}

export const contentFilterSectionSchema = z
  .strictObject({
    categories: z.array(contentFilterCategorySchema).max(CONTENT_FILTER_CATEGORIES.length).default([]),
    blocked_urls: z.array(urlRule).max(URL_LIMIT, `At most ${URL_LIMIT} URLs`).default([]),
    allowed_urls: z.array(urlRule).max(URL_LIMIT, `At most ${URL_LIMIT} URLs`).default([]),
  })
  .superRefine((section, ctx) => {
    flagRepeats(
      ctx,
      section.categories,
      (c) => c.category,
      (i) => ['categories', i, 'category'],
      'Category already has an action',
    );
    for (const list of ['blocked_urls', 'allowed_urls'] as const) {
      flagRepeats(ctx, section[list], urlRuleKey, (i) => [list, i], 'URL already listed');
    }
    // Both lists naming one URL would leave its fate to the order of the rules: the editor says which.
    const blocked = new Set(section.blocked_urls.map(urlRuleKey).filter((k) => k !== undefined));
    section.allowed_urls.forEach((u, i) => {
      const key = urlRuleKey(u);
      if (key !== undefined && blocked.has(key)) addFieldIssue(ctx, ['allowed_urls', i], 'Also on the blocked URLs: keep it on one list');
    });
  });
export type ContentFilterSection = z.infer<typeof contentFilterSectionSchema>;

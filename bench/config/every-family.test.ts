import { describe, expect, it } from 'vitest';
import { CONFIG_FAMILIES, configDocumentSchema } from '@netloom/domain';
import { everyFamilySections } from './every-family';

describe('the template bench:config pushes', () => {
  it('carries a valid section of every configuration family', () => {
    const sections = everyFamilySections([{ id: crypto.randomUUID(), name: 'dc-1', destination: '172.16.1.0/24', gateway: '192.168.10.254' }]);
    expect(Object.keys(sections).sort()).toEqual([...CONFIG_FAMILIES].sort());
    const r = configDocumentSchema.safeParse(sections);
    expect(r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  });
});

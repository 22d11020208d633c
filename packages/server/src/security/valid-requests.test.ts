import { describe, expect, it } from 'vitest';
import { statedRules } from './valid-requests';

describe('the rules an operation states (x-rules)', () => {
  const document = {
    operation: [{ 'x-rules': ['Text rule'] }, { requestBody: { schema: { $ref: '#/components/schemas/Doc' } } }],
    components: { Doc: { 'x-rules': ['Already in zone {zone}', 'Start and end must differ'] }, Other: { 'x-rules': ['Not this one'] } },
  };
  const rules = statedRules(document);
  const stated = (message: string) => rules.some((r) => r.test(message));

  it('reads them from the operation, the document and the components it refers to, not from others', () => {
    expect(stated('Text rule')).toBe(true);
    expect(stated('Start and end must differ')).toBe(true);
    expect(stated('Not this one')).toBe(false);
  });

  it('takes {…} as any value and the rest word for word', () => {
    expect(stated('Already in zone lan')).toBe(true);
    expect(stated('Already in zone ')).toBe(false);
    expect(stated('Start and end must differ!')).toBe(false);
    expect(stated('Start.and end must differ')).toBe(false);
  });
});

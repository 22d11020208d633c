import { describe, expect, it } from 'vitest';
import { userQueryBodySchema, userQueryUpdateSchema } from './user-queries';

const question = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Pricing', message: 'How much for 40 gateways?', source: 'free-trial' };

describe('a user query', () => {
  it('takes a question with its crash context, trimmed', () => {
    const parsed = userQueryBodySchema.parse({
      ...question,
      name: '  Ada Lovelace ',
      source: 'crash',
      context: { path: '/sdwan/dashboard', error: 'TypeError: x is undefined' },
    });
    expect(parsed.name).toBe('Ada Lovelace');
    expect(parsed.context?.error).toBe('TypeError: x is undefined');
  });
  it('refuses a blank message, a bad e-mail, an unknown source and a field it does not know', () => {
    const issues = (body: object) => userQueryBodySchema.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ ...question, message: '   ' })).toEqual(['message: Field is required']);
    expect(issues({ ...question, email: 'ada@' })).toEqual(['email: Enter valid Email']);
    expect(userQueryBodySchema.safeParse({ ...question, source: 'elsewhere' }).success).toBe(false);
    expect(userQueryBodySchema.safeParse({ ...question, tenant_id: crypto.randomUUID() }).success).toBe(false);
  });
  it('is changed by its status or its note, not by nothing', () => {
    expect(userQueryUpdateSchema.safeParse({ status: 'answered' }).success).toBe(true);
    expect(userQueryUpdateSchema.safeParse({ note: 'Called back on Monday' }).success).toBe(true);
    expect(userQueryUpdateSchema.safeParse({}).success).toBe(false);
  });
});

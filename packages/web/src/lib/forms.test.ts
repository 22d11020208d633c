import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateForm } from './forms';

describe('form errors from a schema', () => {
  const schema = z.object({
    name: z.string().min(1, 'Field is required'),
    probe: z.object({ target: z.string().min(1, 'Enter a target') }),
    tags: z.array(z.string().max(3, 'Too long')),
  });

  it('names a field of a nested object by its dotted path, and a list by its own name', () => {
    expect(validateForm(schema, { name: '', probe: { target: '' }, tags: ['ok', 'toolong'] })).toEqual({
      errors: { name: 'Field is required', probe: 'Enter a target', 'probe.target': 'Enter a target', tags: 'Too long' },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { apiContractOf, valuePattern, valueRuleOf, wafApiOperationSchema } from './api-schema';

describe("an OpenAPI document's contract for the edge", () => {
  it('reads each operation with its path, query and body rules, the operation overriding its path item', () => {
    const [get, post] = apiContractOf({
      paths: {
        '/orders/{id}': {
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
            { name: 'expand', in: 'query', schema: { type: 'boolean' } },
          ],
          get: { parameters: [{ name: 'expand', in: 'query', required: true, schema: { type: 'string', enum: ['items', 'customer'] } }] },
          post: {
            requestBody: {
              content: {
                'application/json; charset=utf-8': {
                  schema: { type: 'object', required: ['qty'], properties: { qty: { type: 'integer' }, note: { type: ['string', 'null'] } } },
                },
                'application/xml': {},
              },
            },
          },
          summary: 'not an operation',
        },
      },
    });
    expect(get).toMatchObject({
      method: 'GET',
      path: '/orders/{id}',
      path_params: [{ name: 'id', value: { type: 'string', uuid: true } }],
      query: [{ name: 'expand', required: true, value: { type: 'string', enum: ['items', 'customer'] } }],
      query_open: false,
      body: null,
    });
    expect(post!.query).toEqual([{ name: 'expand', required: false, value: expect.objectContaining({ type: 'boolean' }) }]);
    expect(post!.body).toEqual({
      required: false,
      media: ['application/json', 'application/xml'],
      json: {
        additional: true,
        properties: [
          { name: 'qty', required: true, value: expect.objectContaining({ type: 'integer' }) },
          { name: 'note', required: false, value: expect.objectContaining({ type: 'string', nullable: true }) },
        ],
      },
    });
    for (const op of [get, post]) wafApiOperationSchema.parse(op);
  });

  it('leaves open what no rule can name rather than refusing it: odd parameter names, composed schemas, any media type', () => {
    const [op] = apiContractOf({
      paths: {
        '/x': {
          put: {
            parameters: [{ name: 'filter[name]', in: 'query' }],
            requestBody: { content: { '*/*': {}, 'application/json': { schema: { allOf: [{ type: 'object' }] } } } },
          },
        },
      },
    });
    expect(op).toMatchObject({ query: [], query_open: true, body: { media: [], json: null } });
    expect(apiContractOf({ paths: { 'no-slash': { get: {} }, '/naïve': { get: {} } } })).toEqual([]);
  });

  it('gives each type the pattern its values must match', () => {
    const ok = (schema: object, value: string) => new RegExp(valuePattern(valueRuleOf(schema))!).test(value);
    expect(ok({ type: 'integer' }, '-12')).toBe(true);
    expect(ok({ type: 'integer' }, '1.5')).toBe(false);
    expect(ok({ type: 'number' }, '1.5e3')).toBe(true);
    expect(ok({ type: 'boolean' }, 'yes')).toBe(false);
    expect(ok({ type: 'string', enum: ['a.b', 'c+d'] }, 'a.b')).toBe(true);
    expect(ok({ type: 'string', enum: ['a.b', 'c+d'] }, 'axb')).toBe(false);
    expect(ok({ type: 'string', format: 'uuid' }, '0b8f3d2e-6a41-4c7b-9e15-2d7c4f8a1b90')).toBe(true);
    expect(ok({ type: 'integer', nullable: true }, '')).toBe(true);
    expect(valuePattern(valueRuleOf({ type: 'string' }))).toBeNull();
    // An enum value no pattern can hold safely is not enforced.
    expect(valueRuleOf({ type: 'string', enum: ['a"b'] }).enum).toBeNull();
  });
});

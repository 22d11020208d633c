import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deviceListBodySchema, refreshBodySchema, tenantQuerySchema } from '@netloom/domain';
import { UNKNOWN_FIELD_MESSAGE, validatorCompiler } from './validators';

type Check = (data: unknown) => { value?: unknown; error?: unknown };
const route = (schema: z.ZodType, httpPart: string) => ({ schema, method: 'POST', url: '/x', httpPart }) as FastifyRouteSchemaDef<z.ZodType>;
const check = (schema: z.ZodType, httpPart: string) => validatorCompiler(route(schema, httpPart)) as Check;

describe('the route validator: zod, refusing unknown body keys', () => {
  it('accepts the console’s own device-list request and fills the defaults', () => {
    const answer = check(
      deviceListBodySchema,
      'body',
    )({ filters: [{ key: 'status', value: 'online', type: 'device' }], sort: { key: 'name', direction: 'asc' } });
    expect(answer).toStrictEqual({
      value: { page: 1, size: 25, filters: [{ key: 'status', value: 'online', type: 'device' }], sort: { key: 'name', direction: 'asc' } },
    });
  });

  it('takes any zod schema, transforms and refinements included, and answers with what zod made', () => {
    const body = check(
      z.object({
        ip: z
          .string()
          .transform((s) => s.split('.').map(Number))
          .superRefine((parts, ctx) => {
            if (parts.length !== 4) ctx.addIssue({ code: 'custom', message: 'Four parts' });
          }),
      }),
      'body',
    );
    expect(body({ ip: '10.0.0.1' })).toStrictEqual({ value: { ip: [10, 0, 0, 1] } });
    expect(body({ ip: '10.0.1' }).error).toMatchObject([{ instancePath: '/ip', message: 'Four parts' }]);
  });

  it('refuses an unknown top-level body key by name', () => {
    const body = check(deviceListBodySchema, 'body');
    expect(body({ page: 1, pagesize: 10 }).error).toMatchObject([{ instancePath: '/pagesize', message: UNKNOWN_FIELD_MESSAGE }]);
    expect(body({ page: 0, extra: 1 }).error).toMatchObject([{ instancePath: '/page' }, { instancePath: '/extra' }]);
    // An optional or nullable body (the refresh calls') is held to its keys as well, when one is sent.
    const optional = check(refreshBodySchema.nullish(), 'body');
    expect(optional({ refresh: 'x', extra: 1 }).error).toMatchObject([{ instancePath: '/extra', message: UNKNOWN_FIELD_MESSAGE }]);
    expect(optional(null)).toStrictEqual({ value: null });
    // Query strings keep their leniency: a cache-busting parameter is not an error.
    expect(check(tenantQuerySchema, 'querystring')({ _: '1' })).toStrictEqual({ value: {} });
  });
});

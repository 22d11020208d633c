import { describe, expect, it } from 'vitest';
import { wafGraphqlSchema } from './api-guard';
import { graphqlLimitsPassed, graphqlRefusalLimit, graphqlRefusalsByLimit } from './graphql-analytics';

const limits = wafGraphqlSchema.parse({ enabled: true, max_depth: 10, max_aliases: 15, max_fields: 1_000 });

describe('GraphQL analytics', () => {
  it("reads which limit a refusal was for from the guard's words", () => {
    expect(graphqlRefusalLimit('depth 12 over 10')).toBe('depth');
    expect(graphqlRefusalLimit('Aliases 40 over 15')).toBe('aliases');
    expect(graphqlRefusalLimit('fields 2000 over 1000')).toBe('fields');
    expect(graphqlRefusalLimit('introspection')).toBe('introspection');
    expect(graphqlRefusalLimit('Syntax Error: Expected Name')).toBe('other');
    expect(graphqlRefusalLimit(null)).toBe('other');
  });

  it("marks the limits an operation's largest request went past, introspection only where the application forbids it", () => {
    expect(graphqlLimitsPassed({ maxDepth: 10, maxAliases: 15, maxFields: 1_000, introspection: 0 }, limits)).toEqual([]);
    expect(graphqlLimitsPassed({ maxDepth: 11, maxAliases: 16, maxFields: 1_001, introspection: 2 }, limits)).toEqual([
      'depth',
      'aliases',
      'fields',
      'introspection',
    ]);
    expect(graphqlLimitsPassed({ maxDepth: 3, maxAliases: 0, maxFields: 5, introspection: 2 }, { ...limits, introspection: true })).toEqual([]);
  });

  it('counts refusals by limit, most first', () => {
    expect(graphqlRefusalsByLimit(['depth', 'introspection', 'depth', 'other'])).toEqual([
      { limit: 'depth', count: 2 },
      { limit: 'introspection', count: 1 },
      { limit: 'other', count: 1 },
    ]);
  });
});

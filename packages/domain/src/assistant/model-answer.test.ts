import { describe, expect, it } from 'vitest';
import { checkModelAnswer, modelAnswerJsonSchema } from './model-answer';
import { CORPUS_VOCABULARY } from './webfilter-corpus';

const FINANCE = '00000000-0000-4000-8000-000000000003';
const web = { agentType: 'webfilter' as const, vocabulary: CORPUS_VOCABULARY };
const profiles = {
  agentType: 'mza_profile' as const,
  vocabulary: {
    groups: [{ id: FINANCE, name: 'Finance' }],
    endpoints: [],
    relays: [{ id: '00000000-0000-4000-8000-000000000020', name: 'Frankfurt', region: 'eu-central' }],
    servers: [],
  },
};

describe("a language model's answer", () => {
  it('is asked for in the JSON schema of the forms’ own zod schemas', () => {
    const schema = JSON.stringify(modelAnswerJsonSchema('webfilter'));
    for (const part of ['"question"', '"payload"', '"applies_to"', '"blocked_categories"', '"social-networking"', '"youtube"', '"schedule"'])
      expect(schema).toContain(part);
    expect(schema).not.toContain('$schema":"https');
    expect(JSON.stringify(modelAnswerJsonSchema('mza_profile'))).toContain('"split_tunnel"');
  });

  it('becomes a draft with its readable lines when it passes the form’s schema and names only the tenant’s things', () => {
    const checked = checkModelAnswer(web, {
      question: null,
      payload: {
        name: 'No gambling',
        blocked_categories: ['gambling'],
        applies_to: { groups: [FINANCE], users: ['Ada@acme.test'] },
        allowed_urls: ['bet.example'],
      },
    });
    expect(checked).toMatchObject({
      kind: 'payload',
      payload: { action: 'block', applies_to: { groups: [FINANCE], users: ['ada@acme.test'] } },
      summary: ['Block: Gambling', 'For: group Finance, Ada Lovelace', 'Except: bet.example', 'When: always'],
    });
    expect(checkModelAnswer(profiles, { question: null, payload: { name: 'EU', relays: ['00000000-0000-4000-8000-000000000020'] } })).toMatchObject({
      kind: 'payload',
      summary: expect.arrayContaining(['Relays: Frankfurt']),
    });
  });

  it('shows everything it would change, what the built-in engine never drafts included', () => {
    const checked = checkModelAnswer(web, {
      question: null,
      payload: { name: 'x', blocked_ips: ['10.0.0.0/8'], allowed_ips: ['10.1.2.3'], applies_to: { everyone: true }, enabled: false, order: 1 },
    });
    expect(checked.kind === 'payload' && checked.summary).toEqual([
      'Block: no site',
      'Block IP addresses: 10.0.0.0/8',
      'For: everyone',
      'Except IP addresses: 10.1.2.3',
      'When: always',
      'Made turned off',
      'Placed first among the policies',
    ]);
  });

  it('is a question when it asks one', () => {
    expect(checkModelAnswer(web, { question: ' Which group? ', payload: null })).toEqual({ kind: 'question', text: 'Which group?' });
  });

  it('is refused, with what was wrong, when it fails the schema or names what the tenant does not have', () => {
    const cases: [unknown, RegExp][] = [
      ['block it', /^answer: /],
      [{ question: null, payload: null }, /neither a payload nor a question/],
      [{ question: null, payload: { name: 'x', blocked_categories: ['gambling'], applies_to: {} } }, /Choose who the policy applies to/],
      [{ question: null, payload: { name: 'x', blocked_categories: ['knitting'], applies_to: { everyone: true } } }, /^Unknown category: knitting$/],
      [{ question: null, payload: { name: 'x', blocked_applications: ['myspace'], applies_to: { everyone: true } } }, /^Unknown application: myspace$/],
      [{ question: null, payload: { name: 'x', applies_to: { groups: ['00000000-0000-4000-8000-000000000099'] } } }, /^Unknown group: /],
      [{ question: null, payload: { name: 'x', applies_to: { users: ['eve@evil.test'] } } }, /^Unknown user: eve@evil.test$/],
    ];
    for (const [answer, error] of cases) {
      const checked = checkModelAnswer(web, answer);
      expect(checked.kind, JSON.stringify(answer)).toBe('invalid');
      expect(checked.kind === 'invalid' && checked.errors.join('; ')).toMatch(error);
    }
    expect(checkModelAnswer(profiles, { question: null, payload: { name: 'x', relays: ['00000000-0000-4000-8000-000000000021'] } })).toMatchObject({
      kind: 'invalid',
      errors: ['Unknown relay: 00000000-0000-4000-8000-000000000021'],
    });
  });
});

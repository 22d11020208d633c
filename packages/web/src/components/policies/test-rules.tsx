import { Text } from '@mantine/core';
import { vi } from 'vitest';
import type { DefaultPolicy, PolicyColumn } from './types';

/** A policy of no product in particular, for the shared parts' own tests (tests only). */
export interface Rule {
  id: string;
  order: number;
  name: string;
  description: string;
  enabled: boolean;
  action: 'pass' | 'drop';
  hosts: string[];
}

export const rule = (id: string, name: string, order: number, over: Partial<Rule> = {}): Rule => ({
  id,
  order,
  name,
  description: '',
  enabled: true,
  action: 'pass',
  hosts: [],
  ...over,
});

export const threeRules = () => [rule('r1', 'Alpha', 1, { description: 'The first' }), rule('r2', 'Bravo', 2, { action: 'drop' }), rule('r3', 'Charlie', 3)];

export const ruleColumns: PolicyColumn<Rule>[] = [
  { header: 'Hosts', cell: (r) => <Text size="sm">{r.hosts.join(', ') || 'Any host'}</Text> },
  { header: 'Action', cell: (r) => <Text size="sm">{r.action === 'pass' ? 'Pass' : 'Drop'}</Text> },
];

export const DROP_THE_REST: DefaultPolicy = {
  name: 'Default — Drop',
  description: 'What no rule above passes',
  cells: [<Text key="hosts">Any host</Text>, <Text key="action">Drop</Text>],
};

/** Writes that answer at once, or as `fail` says; each a spy. */
export function ruleWrites(fail?: Error) {
  const settle = () => (fail ? Promise.reject(fail) : Promise.resolve());
  return {
    reorder: vi.fn((_ids: string[]) => settle()),
    reordering: false,
    setEnabled: vi.fn((_r: Rule, _enabled: boolean) => settle()),
    remove: vi.fn((_r: Rule) => settle()),
  };
}

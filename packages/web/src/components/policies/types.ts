import type { ReactNode } from 'react';

/** What every ordered policy has, whatever it decides (web filter, access, WAF, API). */
export interface OrderedPolicy {
  id: string;
  name: string;
  description?: string;
  enabled: boolean;
}

/** A column of the policy list between the name and the enable switch. */
export interface PolicyColumn<P> {
  header: string;
  cell: (policy: P) => ReactNode;
}

/**
 * The explicit last word of an evaluation (a default deny): shown after the policies, numbered
 * after them, with one cell per column, and never moved, edited or turned off.
 */
export interface DefaultPolicy {
  name: string;
  description: string;
  cells: readonly ReactNode[];
}

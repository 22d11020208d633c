import { z } from 'zod';
import { DEM_DEFAULT_ALARM_SCORE, demApplicationInputSchema, demTargetSchema, type DemApplication, type DemApplicationInput } from '@netloom/domain';

/** How often the endpoints run an application's tests (the API takes 60 s to an hour). */
export const INTERVAL_CHOICES = [
  { value: '60', label: 'Every minute' },
  { value: '300', label: 'Every 5 minutes' },
  { value: '600', label: 'Every 10 minutes' },
  { value: '900', label: 'Every 15 minutes' },
  { value: '1800', label: 'Every 30 minutes' },
  { value: '3600', label: 'Every hour' },
];

export interface ApplicationFormValues {
  name: string;
  kind: DemApplication['kind'];
  /** A private application is tested at one of the tenant's ZTNA servers or at a URL. */
  target: 'url' | 'server';
  url: string;
  ztna_server_id: string | null;
  tests: DemApplication['tests'];
  interval_seconds: number;
  alarm_score: number;
}

export const EMPTY_APPLICATION: ApplicationFormValues = {
  name: '',
  kind: 'saas',
  // A private application is usually one of the ZTNA servers already published (a SaaS one is always a URL).
  target: 'server',
  url: '',
  ztna_server_id: null,
  tests: { http: true, path: true, availability: true },
  interval_seconds: 300,
  alarm_score: DEM_DEFAULT_ALARM_SCORE,
};

export function applicationFormValues(a: DemApplication): ApplicationFormValues {
  const byServer = 'ztna_server_id' in a.target;
  return {
    name: a.name,
    kind: a.kind,
    target: byServer ? 'server' : 'url',
    url: 'url' in a.target ? a.target.url : '',
    ztna_server_id: 'ztna_server_id' in a.target ? a.target.ztna_server_id : null,
    tests: a.tests,
    interval_seconds: a.interval_seconds,
    alarm_score: a.thresholds.alarm_score,
  };
}

/** What the API takes from the form; a SaaS application is always tested at its URL. */
export function applicationInput(v: ApplicationFormValues): DemApplicationInput {
  const byServer = v.kind === 'private' && v.target === 'server';
  return {
    name: v.name,
    kind: v.kind,
    target: byServer ? { ztna_server_id: v.ztna_server_id ?? '' } : { url: v.url },
    tests: v.tests,
    interval_seconds: v.interval_seconds,
    thresholds: { alarm_score: v.alarm_score },
  };
}

const [byUrl, byServer] = demTargetSchema.options;

/**
 * The domain's input rules with the target the form chose, so a bad URL or a missing server is
 * said at its own field rather than as the union's bare 'Invalid input'.
 */
export function applicationSchemaFor(v: ApplicationFormValues) {
  const server = v.kind === 'private' && v.target === 'server';
  return demApplicationInputSchema.extend({
    target: server ? byServer.extend({ ztna_server_id: z.string().uuid('Choose a ZTNA server') }) : byUrl,
  });
}

import { z } from 'zod';
import { storableText } from '../validators/storable-text';
import { DEM_TEST_KINDS } from './results';

export const DEM_INTERVAL_MIN_S = 60;
export const DEM_INTERVAL_MAX_S = 3600;

/**
 * One test an endpoint runs on its schedule. An http test fetches `url` and times its phases; a
 * path test measures latency, loss and hops to `host` (and `port`); an availability test checks
 * that `url` (or `host`:`port`) answers. `id` is stable per application and kind (`<application>:<kind>`),
 * so results keep their test across configuration changes.
 */
export const demTestSchema = z.object({
  id: storableText().min(1).max(80),
  application_id: z.string().uuid(),
  name: storableText().max(64),
  kind: z.enum(DEM_TEST_KINDS),
  url: storableText().max(2048).optional(),
  host: storableText().max(253).optional(),
  port: z.number().int().min(1).max(65535).optional(),
  interval_seconds: z.number().int().min(DEM_INTERVAL_MIN_S).max(DEM_INTERVAL_MAX_S),
  timeout_ms: z.number().int().min(100).max(60_000),
});
export type DemTest = z.infer<typeof demTestSchema>;

/** The `dem` section of a ZTNA endpoint's configuration document: the tests it runs. */
export const demSectionSchema = z.object({
  tests: z.array(demTestSchema).max(200).default([]),
});
export type DemSection = z.infer<typeof demSectionSchema>;

export const DEM_SECTION = 'dem' as const;

/** A test's id: one per application and kind. */
export const demTestId = (applicationId: string, kind: (typeof DEM_TEST_KINDS)[number]): string => `${applicationId}:${kind}`;

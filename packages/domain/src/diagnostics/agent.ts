import { z } from 'zod';
import { storableText } from '../validators/storable-text';

const seq = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** A piece of a running diagnostic's output, numbered from 0 per job: a resent piece is kept once. */
export const jobOutputSchema = z.object({
  type: z.literal('job_output'),
  seq,
  job_id: z.string().uuid(),
  chunk: z.number().int().nonnegative().max(1_000_000),
  data: storableText().max(16_384),
});
export type JobOutput = z.infer<typeof jobOutputSchema>;

/** Bytes of a file a job leaves (a capture's pcap) per message, base64: well under the socket's 1 MB message limit. */
export const ARTIFACT_PART_BYTES = 256 * 1024;

/** A part of a job's file, at its byte offset; `last` closes it. Parts come in order; a resent one is kept once. */
export const jobArtifactSchema = z.object({
  type: z.literal('job_artifact'),
  seq,
  job_id: z.string().uuid(),
  offset: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  data: z
    .string()
    .max(Math.ceil(ARTIFACT_PART_BYTES / 3) * 4)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Should be base64'),
  last: z.boolean(),
});
export type JobArtifact = z.infer<typeof jobArtifactSchema>;

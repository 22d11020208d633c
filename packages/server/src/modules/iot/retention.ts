import type { Db } from '../../db/client';
import { sweep } from './repo';

const DAY_MS = 86_400_000;

/** How long telemetry values and deviations are kept: a quarter of graphs, and deviations as long as NDR keeps its detections' context. */
const IOT_RETENTION = { telemetryDays: 90, deviationDays: 90 } as const;

/** Deletes what is past its retention; answers how many rows went. */
export const sweepIot = (db: Db, now = Date.now()): Promise<number> =>
  sweep(db, new Date(now - IOT_RETENTION.telemetryDays * DAY_MS), new Date(now - IOT_RETENTION.deviationDays * DAY_MS));

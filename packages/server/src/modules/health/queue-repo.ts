import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Reading } from '../../http/metrics';

const count =
  (db: Db, query: ReturnType<typeof sql>): Reading =>
  async () => {
    const { rows } = (await db.execute(query)) as unknown as { rows: { n: number }[] };
    return rows[0]?.n ?? 0;
  };

/**
 * The durable queues' depths, shared by every instance (they live in the database): device jobs
 * not yet answered, notification deliveries still due, reports waiting or being made. Each is one
 * count on an index the queue's worker already uses.
 */
export function queueDepths(db: Db): { name: string; help: string; read: Reading }[] {
  return [
    {
      name: 'netloom_device_jobs_open',
      help: 'Device jobs queued or sent and not yet answered (configuration pushes, refreshes, actions)',
      read: count(db, sql`select count(*)::int as n from device_jobs where state in ('queued', 'sent')`),
    },
    {
      name: 'netloom_notification_deliveries_pending',
      help: 'Alarm notifications (e-mail, webhook) waiting to be sent or retried',
      read: count(db, sql`select count(*)::int as n from notification_deliveries where state = 'pending'`),
    },
    {
      name: 'netloom_reports_pending',
      help: 'Reports queued or being generated',
      read: count(db, sql`select count(*)::int as n from reports where status in ('queued', 'running')`),
    },
  ];
}

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { alarms, devices } from '../../db/schema/index';

/** A multipart/form-data body with one file in the field `file`, as a browser's form sends it. */
export function multipart(filename: string, content: Buffer, type = 'application/octet-stream') {
  const boundary = `----netloom${crypto.randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A gateway of the tenant with a model, firmware and two alarms, as if it had reported them. */
export async function deviceWithAlarms(app: FastifyInstance, tenantId: string, name: string): Promise<string> {
  const db = app.services.db;
  const id = crypto.randomUUID();
  await db.insert(devices).values({ id, tenantId, serial: `SN-${id.slice(0, 8)}`, name, kind: 'gateway', model: 'NL-500', version: '4.2.1', approved: true });
  const at = Date.now();
  await db.insert(alarms).values([
    {
      id: crypto.randomUUID(),
      tenantId,
      deviceId: id,
      kind: 'wan',
      subject: 'wan1',
      state: 'Alerting',
      alarm: 'WAN wan1 is down',
      createdAt: new Date(at - 60_000),
    },
    { id: crypto.randomUUID(), tenantId, deviceId: id, kind: 'wan', subject: 'wan1', state: 'OK', alarm: 'WAN wan1 is up', createdAt: new Date(at - 30_000) },
  ]);
  const [row] = await db.select({ id: devices.id }).from(devices).where(eq(devices.id, id));
  return row!.id;
}

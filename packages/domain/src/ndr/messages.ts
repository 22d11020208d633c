import { z } from 'zod';
import { ndrDnsQuerySchema, ndrIdsAlertSchema, type NdrDnsQuery, type NdrIdsAlert } from './evidence';

/**
 * What gateways and ZTNA clients send NDR besides their flows: the DNS queries their resolver
 * answered (dnsmasq's query log on the agent) and their IDS/IPS engine's alerts. Batched and
 * sequence-numbered like flows, so a resend is stored once; each record is the evidence schema's
 * without the device (the connection knows it) and with `at` for its time, as other batches say.
 */
export const DNS_QUERIES_BATCH_MAX = 1000;
export const IDS_ALERTS_BATCH_MAX = 500;

const seq = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

export const dnsQueryRecordSchema = ndrDnsQuerySchema.omit({ kind: true, device_id: true, time: true }).extend({ at: z.iso.datetime() });
export type DnsQueryRecord = z.infer<typeof dnsQueryRecordSchema>;

export const dnsQueriesMessageSchema = z.object({
  type: z.literal('dns_queries'),
  seq,
  queries: z.array(dnsQueryRecordSchema).min(1).max(DNS_QUERIES_BATCH_MAX),
});
export type DnsQueriesMessage = z.infer<typeof dnsQueriesMessageSchema>;

export const idsAlertRecordSchema = ndrIdsAlertSchema.omit({ kind: true, device_id: true, time: true }).extend({ at: z.iso.datetime() });
export type IdsAlertRecord = z.infer<typeof idsAlertRecordSchema>;

export const idsAlertsMessageSchema = z.object({
  type: z.literal('ids_alerts'),
  seq,
  alerts: z.array(idsAlertRecordSchema).min(1).max(IDS_ALERTS_BATCH_MAX),
});
export type IdsAlertsMessage = z.infer<typeof idsAlertsMessageSchema>;

/** A stored DNS query as NDR's rules read it. */
export function ndrDnsFromRecord(deviceId: string, r: DnsQueryRecord): NdrDnsQuery {
  const { at, ...rest } = r;
  return { kind: 'dns', device_id: deviceId, time: at, ...rest };
}

/** A stored IDS alert as NDR's rules read it. */
export function ndrIdsFromRecord(deviceId: string, r: IdsAlertRecord): NdrIdsAlert {
  const { at, ...rest } = r;
  return { kind: 'ids', device_id: deviceId, time: at, ...rest };
}

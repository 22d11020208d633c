import type { FastifyBaseLogger } from 'fastify';
import { UNKNOWN_KEY, ndrDnsFromRecord, ndrIdsFromRecord, ndrWafFromAttack, type NdrEvidence, type NdrFlow } from '@netloom/domain';
import type { FlowBatchToStore, FlowToStore } from './store';

/**
 * Told of each tenant's evidence once the write that stored it has committed (NDR's engine, the
 * IoT profiles): called synchronously after the write, so a listener queues and returns; what it
 * throws is logged, never failing the ingest that stored the records.
 */
export type EvidenceListener = (tenantId: string, evidence: readonly NdrEvidence[]) => void;

/** A stored flow as NDR reads it (what ndrFlowFromRecord gives of the device's record, with the enrichment's application and countries). */
function ndrFlowOf(f: FlowToStore): NdrFlow {
  return {
    kind: 'flow',
    device_id: f.deviceId,
    time: f.start.toISOString(),
    src_ip: f.srcIp,
    src_port: f.srcPort,
    dst_ip: f.dstIp,
    dst_port: f.dstPort,
    protocol: f.protocol,
    bytes_out: f.bytesOut,
    bytes_in: f.bytesIn,
    packets_out: f.packetsOut,
    packets_in: f.packetsIn,
    ...(f.application !== UNKNOWN_KEY && f.application !== '' && { application: f.application }),
    ...(f.user !== null && { user: f.user }),
    ...(f.dstCountry !== null && { dst_country: f.dstCountry }),
  };
}

/** Each tenant's evidence in the batches stored now, in the order they came. */
function evidenceOf(batches: readonly FlowBatchToStore[]): Map<string, NdrEvidence[]> {
  const byTenant = new Map<string, NdrEvidence[]>();
  const add = (tenantId: string, e: NdrEvidence) => {
    const list = byTenant.get(tenantId);
    if (list) list.push(e);
    else byTenant.set(tenantId, [e]);
  };
  for (const b of batches) {
    for (const f of b.flows) add(f.tenantId, ndrFlowOf(f));
    for (const q of b.dnsQueries ?? []) add(q.tenantId, ndrDnsFromRecord(q.deviceId, q.query));
    for (const a of b.idsAlerts ?? []) add(a.tenantId, ndrIdsFromRecord(a.deviceId, a.alert));
    for (const a of b.wafAttacks ?? []) {
      const waf = ndrWafFromAttack(a.attack);
      if (waf) add(a.tenantId, waf);
    }
  }
  return byTenant;
}

/** The listeners of stored evidence: the composition root registers them, ingest hands them every stored batch. */
export class EvidenceTap {
  private readonly listeners: EvidenceListener[] = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Registers a listener; returns what unregisters it. */
  onEvidence(listener: EvidenceListener): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  /** Batches just stored: nothing is built while nobody listens. */
  stored(batches: readonly FlowBatchToStore[]): void {
    if (this.listeners.length === 0 || batches.length === 0) return;
    let byTenant: Map<string, NdrEvidence[]>;
    try {
      byTenant = evidenceOf(batches);
    } catch (err) {
      this.log.error({ err }, 'evidence of stored batches not handed on');
      return;
    }
    for (const [tenantId, evidence] of byTenant) {
      for (const listener of this.listeners) {
        try {
          listener(tenantId, evidence);
        } catch (err) {
          this.log.error({ err, tenant: tenantId }, 'an evidence listener failed');
        }
      }
    }
  }
}

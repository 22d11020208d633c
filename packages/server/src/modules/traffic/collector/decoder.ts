import type { FlowRecord } from '@netloom/domain';
import { readDataSet } from './data-set';
import { bootTimeOf, toFlowRecord, type Unusable } from './flow-record';
import { IPFIX, SET_ID, readDatagram } from './sets';
import { TemplateCache } from './template-cache';
import { readTemplateSet } from './templates';

/** What one datagram held besides its flows: each counted by the collector. */
export interface DecodedDatagram {
  records: FlowRecord[];
  /** Data records whose template the exporter had not sent yet (or that expired): dropped, the exporter sends it again soon. */
  unknownTemplate: number;
  unusable: Record<Unusable, number>;
  /** Templates not kept because the exporter holds too many. */
  templatesRefused: number;
}

/**
 * NetFlow v9 and IPFIX decoding with the templates each exporter sent before. Stateful (the
 * templates, the exporters' boot times), pure otherwise: the collector hands it datagrams. A
 * malformed datagram throws MalformedDatagram from sets.ts and leaves the kept templates as the
 * datagram found them up to the bad set.
 */
export class FlowDecoder {
  private readonly templates: TemplateCache;
  private readonly bootTimes = new Map<string, number>();

  constructor(templateLifetimeMs?: number) {
    this.templates = new TemplateCache(templateLifetimeMs);
  }

  decode(exporter: string, datagram: Buffer, now = Date.now()): DecodedDatagram {
    const { header, sets } = readDatagram(datagram);
    const out: DecodedDatagram = { records: [], unknownTemplate: 0, unusable: { no_addresses: 0, no_time: 0 }, templatesRefused: 0 };
    const bootKey = `${exporter}/${header.domain}`;
    const templateSets = header.version === IPFIX ? [SET_ID.ipfixTemplate, SET_ID.ipfixOptions] : [SET_ID.v9Template, SET_ID.v9Options];
    for (const set of sets) {
      if (templateSets.includes(set.id as never)) {
        for (const change of readTemplateSet(header, set.id, set.body)) {
          if ('withdrawn' in change) this.templates.withdraw(exporter, header.domain, change.withdrawn);
          else if (!this.templates.set(exporter, header.domain, change.template, now)) out.templatesRefused++;
        }
        continue;
      }
      // The other version's template set ids are reserved here: nothing of ours.
      if (set.id < SET_ID.firstData) continue;
      const template = this.templates.get(exporter, header.domain, set.id, now);
      if (!template) {
        // Records cannot be counted without their template: the set counts as one.
        out.unknownTemplate++;
        continue;
      }
      const records = readDataSet(template, set.body);
      if (template.options) {
        for (const values of records) {
          const boot = bootTimeOf(values);
          if (boot !== null) this.bootTimes.set(bootKey, boot);
        }
        continue;
      }
      const clock = { header, bootMs: this.bootTimes.get(bootKey) ?? null };
      for (const values of records) {
        const record = toFlowRecord(values, clock);
        if (typeof record === 'string') out.unusable[record]++;
        else out.records.push(record);
      }
    }
    return out;
  }

  /** An exporter no longer mapped to a device: nothing of it is kept. */
  forget(exporter: string): void {
    this.templates.forget(exporter);
    for (const key of this.bootTimes.keys()) if (key.startsWith(`${exporter}/`)) this.bootTimes.delete(key);
  }
}

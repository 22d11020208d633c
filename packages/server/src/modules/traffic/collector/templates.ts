import { IPFIX, MalformedDatagram, SET_ID, type ExportHeader } from './sets';

/** IPFIX's marker of a variable-length field (RFC 7011 §7): its length precedes each value. */
export const VARIABLE_LENGTH = 0xffff;

export interface TemplateField {
  /** The information element's number (IANA's, or the enterprise's when `enterprise` is set). */
  id: number;
  length: number;
  /** IPFIX enterprise number (RFC 7011 §3.2); 29305 marks the reverse direction (RFC 5103). */
  enterprise: number;
}

export interface Template {
  id: number;
  fields: TemplateField[];
  /** Options templates describe the exporter, not flows: their data records are read only for the exporter's boot time. */
  options: boolean;
  /** Bytes of one record, or null when a field is of variable length. */
  recordLength: number | null;
}

/** One template (re)definition, or an IPFIX withdrawal (field count 0). */
export type TemplateChange = { template: Template } | { withdrawn: number };

const MAX_FIELDS = 512;

/** The templates a template or options template set defines; throws MalformedDatagram when one overruns the set. */
export function readTemplateSet(header: ExportHeader, setId: number, body: Buffer): TemplateChange[] {
  const ipfix = header.version === IPFIX;
  const options = setId === (ipfix ? SET_ID.ipfixOptions : SET_ID.v9Options);
  const changes: TemplateChange[] = [];
  let at = 0;
  // Each template begins with at least 4 bytes; fewer left are padding.
  while (body.length - at >= 4) {
    const id = body.readUInt16BE(at);
    if (id < SET_ID.firstData) throw new MalformedDatagram(`template id ${id} below 256`);
    let fieldCount: number;
    if (!options) {
      fieldCount = body.readUInt16BE(at + 2);
      at += 4;
    } else if (ipfix) {
      // Template id, field count, scope field count: the scope fields are counted among the fields.
      if (body.length - at < 6) throw new MalformedDatagram('options template header overruns its set');
      fieldCount = body.readUInt16BE(at + 2);
      at += 6;
    } else {
      // v9 counts scope and option fields in bytes (4 per field).
      if (body.length - at < 6) throw new MalformedDatagram('options template header overruns its set');
      const scopeBytes = body.readUInt16BE(at + 2);
      const optionBytes = body.readUInt16BE(at + 4);
      if (scopeBytes % 4 !== 0 || optionBytes % 4 !== 0) throw new MalformedDatagram('options template lengths are not whole fields');
      fieldCount = (scopeBytes + optionBytes) / 4;
      at += 6;
    }
    if (fieldCount === 0) {
      // An IPFIX withdrawal (RFC 7011 §8.1); v9 has none, and an empty template describes nothing.
      if (!ipfix) throw new MalformedDatagram(`template ${id} has no fields`);
      changes.push({ withdrawn: id });
      continue;
    }
    if (fieldCount > MAX_FIELDS) throw new MalformedDatagram(`template ${id} claims ${fieldCount} fields`);
    const fields: TemplateField[] = [];
    for (let n = 0; n < fieldCount; n++) {
      if (body.length - at < 4) throw new MalformedDatagram(`template ${id} overruns its set`);
      let fieldId = body.readUInt16BE(at);
      const length = body.readUInt16BE(at + 2);
      at += 4;
      let enterprise = 0;
      if (ipfix && fieldId & 0x8000) {
        if (body.length - at < 4) throw new MalformedDatagram(`template ${id} overruns its set`);
        fieldId &= 0x7fff;
        enterprise = body.readUInt32BE(at);
        at += 4;
      }
      if (length === 0 || (length === VARIABLE_LENGTH && !ipfix)) throw new MalformedDatagram(`template ${id} has a field of length ${length}`);
      fields.push({ id: fieldId, length, enterprise });
    }
    const variable = fields.some((f) => f.length === VARIABLE_LENGTH);
    changes.push({ template: { id, fields, options, recordLength: variable ? null : fields.reduce((sum, f) => sum + f.length, 0) } });
  }
  return changes;
}

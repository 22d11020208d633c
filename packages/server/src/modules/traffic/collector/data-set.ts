import { MalformedDatagram } from './sets';
import { VARIABLE_LENGTH, type Template, type TemplateField } from './templates';

/** One data record: each field of its template with the bytes it holds. */
export type FieldValues = { field: TemplateField; bytes: Buffer }[];

/**
 * The records of a data set, cut by their template. Bytes left over that cannot hold another
 * record are padding (both RFCs allow it); a variable-length value that overruns the set makes the
 * datagram malformed.
 */
export function readDataSet(template: Template, body: Buffer): FieldValues[] {
  const records: FieldValues[] = [];
  let at = 0;
  if (template.recordLength !== null) {
    const length = template.recordLength;
    while (body.length - at >= length) {
      const values: FieldValues = [];
      for (const field of template.fields) {
        values.push({ field, bytes: body.subarray(at, at + field.length) });
        at += field.length;
      }
      records.push(values);
    }
    return records;
  }
  const minimum = template.fields.reduce((sum, f) => sum + (f.length === VARIABLE_LENGTH ? 1 : f.length), 0);
  while (body.length - at >= minimum) {
    const values: FieldValues = [];
    for (const field of template.fields) {
      let length = field.length;
      if (length === VARIABLE_LENGTH) {
        if (at + 1 > body.length) throw new MalformedDatagram('variable-length field overruns its set');
        length = body[at]!;
        at += 1;
        if (length === 255) {
          if (at + 2 > body.length) throw new MalformedDatagram('variable-length field overruns its set');
          length = body.readUInt16BE(at);
          at += 2;
        }
      }
      if (at + length > body.length) throw new MalformedDatagram('record overruns its set');
      values.push({ field, bytes: body.subarray(at, at + length) });
      at += length;
    }
    records.push(values);
  }
  return records;
}

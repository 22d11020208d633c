import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseOuiTable, type OuiTable } from '@netloom/domain';

/** The IEEE's MAC vendor list shipped with the server (data/oui/README.md). */
const OUI_FILE = path.resolve(import.meta.dirname, '../../../data/oui/oui.tsv.gz');

let table: OuiTable | null = null;

/** Read and parsed once, on first use (some 46 000 lines, a few tens of milliseconds): a server with no IoT gateway never pays for it. */
export function ouiTable(): OuiTable {
  table ??= parseOuiTable(gunzipSync(readFileSync(OUI_FILE)).toString('utf8'));
  return table;
}

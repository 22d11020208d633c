/**
 * Builds the shipped MAC vendor list, packages/server/data/oui/oui.tsv.gz, from the IEEE
 * registries Debian's ieee-data package installs (`apt-get install ieee-data`). Only this script
 * needs that package: the file is committed and the server reads it as it is.
 * Usage: node --import tsx packages/server/scripts/build-oui.ts [--from DIR] [--out DIR]
 *
 * Each line is `PREFIX<TAB>Vendor`: the prefix in upper-case hex, only as long as its block
 * (6 digits for MA-L, 7 for MA-M, 9 for MA-S and the older IAB), so a lookup tries the longest
 * form first. Addresses and the registry's own punctuation are left out: the console shows names.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import Papa from 'papaparse';

const { values } = parseArgs({
  options: {
    from: { type: 'string', default: '/usr/share/ieee-data' },
    out: { type: 'string', default: path.join(import.meta.dirname, '../data/oui') },
  },
});
const from = values.from;

/** The registries with the length of their prefixes; the longest blocks sit inside MA-L blocks registered to the IEEE itself. */
const REGISTRIES = [
  { file: 'oui.csv', registry: 'MA-L', digits: 6 },
  { file: 'mam.csv', registry: 'MA-M', digits: 7 },
  { file: 'oui36.csv', registry: 'MA-S', digits: 9 },
  { file: 'iab.csv', registry: 'IAB', digits: 9 },
] as const;

const cleanName = (name: string) => name.replace(/\s+/g, ' ').trim();

const vendors = new Map<string, string>();
const counts: Record<string, number> = {};
for (const { file, registry, digits } of REGISTRIES) {
  const csv = path.join(from, file);
  if (!existsSync(csv)) throw new Error(`${csv} is missing: install Debian's ieee-data package (apt-get install ieee-data)`);
  const { data } = Papa.parse<string[]>(readFileSync(csv, 'utf8'), { skipEmptyLines: true });
  let kept = 0;
  for (const [kind, assignment, name] of data.slice(1)) {
    const prefix = assignment?.trim().toUpperCase() ?? '';
    const vendor = cleanName(name ?? '');
    if (kind !== registry || !/^[0-9A-F]+$/.test(prefix) || prefix.length !== digits || !vendor) {
      throw new Error(`${file}: unexpected row ${JSON.stringify([kind, assignment, name])}`);
    }
    // A block is assigned once; were it listed twice, the first listing is kept so that a rebuild gives the same file.
    if (vendors.has(prefix)) continue;
    vendors.set(prefix, vendor);
    kept++;
  }
  counts[registry] = kept;
}

const lines = [...vendors].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([prefix, vendor]) => `${prefix}\t${vendor}\n`);
// Node writes no file name and a zero time in the gzip header, so the same registries give the same bytes.
const gz = gzipSync(lines.join(''), { level: 9 });
const lastUpdate = Number(readFileSync(path.join(from, '.lastupdate'), 'utf8').trim());
const date = new Date(lastUpdate * 1000).toISOString().slice(0, 10);

mkdirSync(values.out, { recursive: true });
writeFileSync(path.join(values.out, 'oui.tsv.gz'), gz);
writeFileSync(
  path.join(values.out, 'README.md'),
  [
    '# MAC vendor list',
    '',
    `\`oui.tsv.gz\` (${(gz.length / 1024).toFixed(0)} KiB, ${vendors.size} blocks): the IEEE registries of ${date} (public domain),`,
    `as Debian's \`ieee-data\` package ships them (MA-L ${counts['MA-L']}, MA-M ${counts['MA-M']}, MA-S ${counts['MA-S']}, IAB ${counts.IAB}).`,
    'One line per block, `PREFIX<TAB>Vendor`, the prefix in upper-case hex as long as its block (6, 7 or 9 digits).',
    'Rebuilt by `node --import tsx packages/server/scripts/build-oui.ts` on a machine with `ieee-data` installed.',
    '',
  ].join('\n'),
);
console.log(`${vendors.size} blocks of ${date} -> ${path.join(values.out, 'oui.tsv.gz')} (${gz.length} bytes)`);

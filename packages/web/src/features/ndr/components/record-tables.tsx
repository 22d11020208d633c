import { Text } from '@mantine/core';
import type { NdrDnsRecord, NdrEvidenceRef, NdrFlowRecord, NdrIdsRecord } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { protocolName } from './ndr-labels';

const withIds = <T extends object>(rows: readonly T[]) => rows.map((r, i) => ({ ...r, id: String(i) }));
const none = (text: string) => (
  <Text size="sm" c="dimmed" py="md">
    {text}
  </Text>
);
const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : String(v));

const flowColumns: DataTableColumn<NdrFlowRecord>[] = [
  { key: 'at', header: 'Time', type: 'date' },
  { key: 'src_ip', header: 'Source', render: (f) => `${f.src_ip}:${f.src_port}` },
  { key: 'dst_ip', header: 'Destination', render: (f) => `${f.dst_ip}:${f.dst_port}` },
  { key: 'protocol', header: 'Protocol', render: (f) => protocolName(f.protocol) },
  { key: 'bytes_out', header: 'Sent', type: 'bytes', rowAlign: 'right' },
  { key: 'bytes_in', header: 'Received', type: 'bytes', rowAlign: 'right' },
  { key: 'application', header: 'Application', render: (f) => dash(f.application) },
  { key: 'dst_country', header: 'Country', render: (f) => dash(f.dst_country) },
  { key: 'user', header: 'User', render: (f) => dash(f.user) },
];

const dnsColumns: DataTableColumn<NdrDnsRecord>[] = [
  { key: 'at', header: 'Time', type: 'date' },
  { key: 'client_ip', header: 'Client' },
  { key: 'name', header: 'Name', width: '22rem', render: (d) => <span style={{ wordBreak: 'break-all' }}>{d.name}</span> },
  { key: 'qtype', header: 'Type' },
  { key: 'rcode', header: 'Answer code' },
  { key: 'answers', header: 'Answers', render: (d) => d.answers.join(', ') || '—' },
];

const idsColumns: DataTableColumn<NdrIdsRecord>[] = [
  { key: 'at', header: 'Time', type: 'date' },
  { key: 'sid', header: 'Signature', rowAlign: 'right' },
  { key: 'message', header: 'Message', width: '20rem' },
  { key: 'category', header: 'Category' },
  { key: 'src', header: 'Source', render: (r) => (r.src_port === null ? r.src : `${r.src}:${r.src_port}`) },
  { key: 'dst', header: 'Destination', render: (r) => (r.dst_port === null ? r.dst : `${r.dst}:${r.dst_port}`) },
  { key: 'action', header: 'Action', render: (r) => (r.action === 'dropped' ? 'Dropped' : 'Alerted') },
];

const refColumns: DataTableColumn<NdrEvidenceRef>[] = [
  { key: 'time', header: 'Time', type: 'date' },
  { key: 'kind', header: 'Kind', render: (r) => ({ flow: 'Flow', dns: 'DNS query', ids: 'IDS alert', waf: 'WAF attack' })[r.kind] },
  { key: 'src', header: 'Source' },
  { key: 'dst', header: 'Destination', render: (r) => (r.dst_port === undefined ? dash(r.dst) : `${dash(r.dst)}:${r.dst_port}`) },
  { key: 'protocol', header: 'Protocol', render: (r) => (r.protocol === undefined ? (r.qtype ?? '—') : protocolName(r.protocol)) },
  { key: 'bytes_out', header: 'Sent', type: 'bytes', rowAlign: 'right' },
  { key: 'bytes_in', header: 'Received', type: 'bytes', rowAlign: 'right' },
  { key: 'rcode', header: 'Answer code', render: (r) => dash(r.rcode) },
  { key: 'signature', header: 'Signature', render: (r) => dash(r.signature) },
];

interface TableProps<T> {
  rows: readonly T[];
  timezone: string | null;
  label: string;
  loading?: boolean;
  empty: string;
}

const common = { options: { sort: true, search: true, paging: true, download: true } } as const;

/** Flow records as the store holds them (each capped by the server). */
export function FlowRecordsTable({ rows, timezone, label, loading, empty }: TableProps<NdrFlowRecord>) {
  return (
    <DataTable
      {...common}
      label={label}
      columns={flowColumns}
      rows={withIds(rows)}
      timezone={timezone}
      loading={loading}
      csv={{ title: 'ndr-flows' }}
      emptyState={none(empty)}
    />
  );
}

export function DnsRecordsTable({ rows, timezone, label, loading, empty }: TableProps<NdrDnsRecord>) {
  return (
    <DataTable
      {...common}
      label={label}
      columns={dnsColumns}
      rows={withIds(rows)}
      timezone={timezone}
      loading={loading}
      csv={{ title: 'ndr-dns' }}
      emptyState={none(empty)}
    />
  );
}

export function IdsRecordsTable({ rows, timezone, label, loading, empty }: TableProps<NdrIdsRecord>) {
  return (
    <DataTable
      {...common}
      label={label}
      columns={idsColumns}
      rows={withIds(rows)}
      timezone={timezone}
      loading={loading}
      csv={{ title: 'ndr-ids' }}
      emptyState={none(empty)}
    />
  );
}

/** The records the rule itself kept when it raised the detection. */
export function EvidenceRefsTable({ rows, timezone, label, empty }: TableProps<NdrEvidenceRef>) {
  return (
    <DataTable
      label={label}
      columns={refColumns}
      rows={withIds(rows)}
      timezone={timezone}
      options={{ sort: true, search: false, paging: true, download: true }}
      csv={{ title: 'ndr-evidence' }}
      emptyState={none(empty)}
    />
  );
}

import type { FlowRow } from '@netloom/domain';
import type { DataTableColumn } from '@/components/data-table/types';

/** A flow as a network engineer reads an exporter's record: when, who to whom, what, how much each way. */
export const FLOW_COLUMNS: readonly DataTableColumn<FlowRow>[] = [
  { key: 'start', header: 'Start', type: 'date' },
  { key: 'end', header: 'End', type: 'date' },
  // The label carries the serial where another gateway has the same name: two 'branch' rows must differ.
  { key: 'device_name', header: 'Device', render: (r) => r.device_label ?? r.device_name },
  { key: 'src_ip', header: 'Source', type: 'ip' },
  { key: 'src_port', header: 'Src port', rowAlign: 'right' },
  { key: 'dst_ip', header: 'Destination', type: 'ip' },
  { key: 'dst_port', header: 'Dst port', rowAlign: 'right' },
  { key: 'protocol', header: 'Protocol' },
  { key: 'application', header: 'Application' },
  { key: 'site', header: 'Site' },
  { key: 'user', header: 'User' },
  { key: 'src_country', header: 'Src country' },
  { key: 'dst_country', header: 'Dst country' },
  { key: 'wan', header: 'WAN' },
  { key: 'bytes_out', header: 'Bytes out', type: 'bytes', rowAlign: 'right' },
  { key: 'bytes_in', header: 'Bytes in', type: 'bytes', rowAlign: 'right' },
  { key: 'packets_out', header: 'Packets out', rowAlign: 'right' },
  { key: 'packets_in', header: 'Packets in', rowAlign: 'right' },
];

import { Badge, Group, Highlight } from '@mantine/core';
import DOMPurify from 'dompurify';
import { TABLE_DEFAULTS, formatBytes, formatDate, inclusionStatus, textOrNotAvailable, valueAt, type InclusionStatus } from '@netloom/domain';
import { StatusIcon } from '@/components/status-icon/status-icon';
import { isStatusKind, type StatusKind } from '@/components/status-icon/status-kinds';
import { CellText } from './cell-text';
import { DropdownCell, InputCell, MultiInputCell } from './editable-cells';
import type { DataTableColumn, TableRowFlags } from './types';

interface DataCellProps<T> {
  column: DataTableColumn<T>;
  row: T;
  highlight: string;
  timezone?: string | null;
  onCellChange?: (row: T, key: string, value: unknown) => void;
}

const INCLUSION_COLORS: Record<InclusionStatus, string> = {
  'Not included': 'gray',
  Partial: 'yellow',
  'Fully included': 'green',
};

const asText = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'object' ? JSON.stringify(value) : String(value);

function iconOf<T>(column: DataTableColumn<T>, value: unknown): { kind: StatusKind; tooltip?: string } | null {
  if (value && typeof value === 'object') {
    const { kind, icon, tooltip } = value as { kind?: unknown; icon?: unknown; tooltip?: unknown };
    const k = kind ?? icon;
    return isStatusKind(k) ? { kind: k, tooltip: typeof tooltip === 'string' ? tooltip : undefined } : null;
  }
  const mapped = column.icons?.[String(value)];
  if (mapped) return { kind: mapped };
  return isStatusKind(value) ? { kind: value } : null;
}

/** One cell, drawn by its column type. */
export function DataCell<T extends object>({ column, row, highlight, timezone, onCellChange }: DataCellProps<T>) {
  if (column.render) return <>{column.render(row)}</>;
  const value = valueAt(row, column.key);
  const flags = row as TableRowFlags;
  const maxWidth = column.width;

  // Spec 001 §4: a 1/0 status is a badge, and select/total rows read as an inclusion status.
  if (column.key === 'status' && (value === 1 || value === 0)) {
    const [on, off] = column.booleanLabels ?? ['Enabled', 'Disabled'];
    return (
      <Badge variant="light" color={value === 1 ? 'green' : 'gray'}>
        {value === 1 ? on : off}
      </Badge>
    );
  }
  if ((column.key === 'select' || column.key === 'inclusion') && typeof flags.select === 'number' && typeof flags.total === 'number') {
    const status = inclusionStatus(flags.select, flags.total);
    return (
      <Badge variant="light" color={INCLUSION_COLORS[status]}>
        {status}
      </Badge>
    );
  }

  const editable = Boolean(onCellChange) && !flags.readOnly;
  const change = (next: unknown) => onCellChange?.(row, column.key, next);

  switch (column.type ?? 'string') {
    case 'date':
      return <CellText text={formatDate(value as string | number | Date | null, { timezone })} highlight={highlight} maxWidth={maxWidth} />;
    case 'bytes': {
      const n = value === null || value === undefined || value === '' ? null : Number(value);
      return <CellText text={formatBytes(n)} highlight={highlight} maxWidth={maxWidth} />;
    }
    case 'ip':
      return <CellText text={textOrNotAvailable(asText(value))} highlight={highlight} maxWidth={maxWidth} mono />;
    case 'icon': {
      const icon = iconOf(column, value);
      return icon ? <StatusIcon kind={icon.kind} tooltip={icon.tooltip} /> : <CellText text={textOrNotAvailable(asText(value))} highlight={highlight} />;
    }
    case 'array': {
      const items = (Array.isArray(value) ? value : [])
        .map((item) => asText(column.itemKey ? valueAt(item, column.itemKey) : item))
        .filter((t): t is string => t !== null && t !== '');
      if (items.length === 0 || column.arrayDisplay === 'list') {
        return <CellText text={textOrNotAvailable(items.join(', '))} highlight={highlight} maxWidth={maxWidth} />;
      }
      return (
        <Group gap={4} maw={maxWidth ?? TABLE_DEFAULTS.maxColumnWidth}>
          {items.map((item, i) => (
            <Badge key={`${item}-${i}`} variant="light" color="gray" tt="none" maw="100%" title={item}>
              {highlight ? (
                <Highlight component="span" highlight={highlight} inherit>
                  {item}
                </Highlight>
              ) : (
                item
              )}
            </Badge>
          ))}
        </Group>
      );
    }
    case 'html': {
      // Hosts put server text here; DOMPurify keeps the markup and drops scripts and handlers.
      const html = asText(value) ?? '';
      return <div style={{ maxWidth: maxWidth ?? TABLE_DEFAULTS.maxColumnWidth }} dangerouslySetInnerHTML={{ __html: html ? DOMPurify.sanitize(html) : '' }} />;
    }
    case 'input':
      return <InputCell column={column} value={value} disabled={!editable} onChange={change} />;
    case 'dropdown':
      return <DropdownCell column={column} value={value} disabled={!editable} onChange={change} />;
    case 'multi-input':
      return <MultiInputCell column={column} value={value} disabled={!editable} onChange={change} />;
    case 'string':
      return <CellText text={textOrNotAvailable(asText(value))} highlight={highlight} maxWidth={maxWidth} />;
  }
}

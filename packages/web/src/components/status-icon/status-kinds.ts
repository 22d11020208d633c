import type { Icon } from '@tabler/icons-react';
import {
  IconAlertTriangle,
  IconArrowDownLeft,
  IconArrowUpRight,
  IconBan,
  IconCheck,
  IconCircleCheck,
  IconCircleMinus,
  IconCircleX,
  IconClipboardCheck,
  IconPlugConnected,
  IconSquareCheck,
  IconToggleLeft,
  IconToggleRight,
  IconWifi,
  IconWifiOff,
  IconX,
} from '@tabler/icons-react';

/** The 16 icon kinds a table cell or a status panel can show (spec 000 §4). */
export const STATUS_KINDS = [
  'positive',
  'negative',
  'intermediate',
  'online',
  'offline',
  'connected',
  'tick',
  'wrong',
  'block',
  'applicable',
  'not_applicable',
  'arrow-in',
  'arrow-out',
  'enabled',
  'disabled',
  'registered',
] as const;

export type StatusKind = (typeof STATUS_KINDS)[number];

export interface StatusLook {
  icon: Icon;
  color: string;
  /** Tooltip when the host gives none: the spec's words for tick/wrong/block, a readable name otherwise. */
  label: string;
}

export const STATUS_LOOKS: Record<StatusKind, StatusLook> = {
  positive: { icon: IconCircleCheck, color: 'green', label: 'Positive' },
  negative: { icon: IconCircleX, color: 'red', label: 'Negative' },
  intermediate: { icon: IconAlertTriangle, color: 'orange', label: 'Intermediate' },
  online: { icon: IconWifi, color: 'green', label: 'Online' },
  offline: { icon: IconWifiOff, color: 'red', label: 'Offline' },
  connected: { icon: IconPlugConnected, color: 'teal', label: 'Connected' },
  tick: { icon: IconCheck, color: 'green', label: 'Accept' },
  wrong: { icon: IconX, color: 'red', label: 'Deny' },
  block: { icon: IconBan, color: 'red', label: 'Reject' },
  applicable: { icon: IconSquareCheck, color: 'blue', label: 'Applicable' },
  not_applicable: { icon: IconCircleMinus, color: 'gray', label: 'Not Applicable' },
  'arrow-in': { icon: IconArrowDownLeft, color: 'blue', label: 'Inbound' },
  'arrow-out': { icon: IconArrowUpRight, color: 'violet', label: 'Outbound' },
  enabled: { icon: IconToggleRight, color: 'green', label: 'Enabled' },
  disabled: { icon: IconToggleLeft, color: 'gray', label: 'Disabled' },
  registered: { icon: IconClipboardCheck, color: 'yellow', label: 'Registered' },
};

export const isStatusKind = (value: unknown): value is StatusKind => typeof value === 'string' && (STATUS_KINDS as readonly string[]).includes(value);

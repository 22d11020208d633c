export const NAME_MAX = 15;
export const DEVICE_BUTTON_NAME_MAX = 10;
export const LEGEND_MAX = { timeSeries: 15, pie: 50 } as const;

/** Cuts a name longer than `max` characters and marks the cut with an ellipsis. */
export function truncateName(name: string | null | undefined, max = NAME_MAX): string {
  if (!name) return '';
  const chars = Array.from(name);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : name;
}

/** The owner shown for a device: the part of its address before the @. */
export const ownerName = (createdBy: string | null | undefined): string => (createdBy ?? '').split('@')[0] ?? '';

import { DATE_FORMATS, effectiveStatus, formatDate, statusLabel, textOrNotAvailable, type DeviceRow } from '@netloom/domain';

// Built with textContent, never innerHTML: names and locations come from devices, not from us.
function line(parent: HTMLElement, label: string, value: string) {
  const row = document.createElement('div');
  const name = document.createElement('span');
  name.style.color = 'var(--mantine-color-dimmed)';
  name.textContent = `${label}: `;
  row.append(name, value);
  parent.append(row);
}

function box(): HTMLDivElement {
  const el = document.createElement('div');
  el.style.font = '12px/1.45 var(--mantine-font-family, sans-serif)';
  el.style.color = 'var(--mantine-color-text, #212529)';
  return el;
}

/** The hover card of one marker (spec 000 §2.5): name, serial, status, location, public IP, last seen. */
export function devicePopupContent(device: DeviceRow, timezone?: string | null): HTMLElement {
  const el = box();
  const title = document.createElement('div');
  title.style.fontWeight = '600';
  title.textContent = device.name;
  el.append(title);
  // Two markers may carry one name ('branch' in two towns): the serial says which device this is.
  if (device.serial) line(el, 'Serial', device.serial);
  line(el, 'Status', statusLabel(effectiveStatus(device)));
  line(el, 'Location', textOrNotAvailable(device.location));
  line(el, 'Public IP', textOrNotAvailable(device.publicIp));
  line(el, 'Last seen', device.lastSeenTime ? formatDate(device.lastSeenTime, { timezone, format: DATE_FORMATS.lastSeen }) : 'Never');
  return el;
}

/** The hover card of a cluster: how many devices, and how many of them are down. */
export function clusterPopupContent(total: number, down: number): HTMLElement {
  const el = box();
  const title = document.createElement('div');
  title.style.fontWeight = '600';
  title.textContent = `${total.toLocaleString()} devices`;
  el.append(title);
  if (down > 0) line(el, 'Not reachable or offline', down.toLocaleString());
  const hint = document.createElement('div');
  hint.style.color = 'var(--mantine-color-dimmed)';
  hint.textContent = 'Click to zoom in';
  el.append(hint);
  return el;
}

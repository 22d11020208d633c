import type { TicketContext } from './tickets';

/**
 * The ticket as the helpdesk's agent reads it: the customer's words first, then the context the
 * console captured (the device, its sync state and recent alarms, the browser), and where to find
 * the files, which stay in Netloom.
 */
export function externalDescription(
  t: { number: number; description: string; product: string; category: string; tenantName: string; context: TicketContext },
  attachments: number,
): string {
  const lines = [t.description, '', '---', `Netloom ticket #${t.number} · ${t.tenantName} · product ${t.product} · ${t.category}`];
  const d = t.context.device;
  if (d) {
    lines.push(
      `Device: ${d.name}${d.serial ? ` (serial ${d.serial})` : ''}${d.model ? `, ${d.model}` : ''}${d.firmware ? `, firmware ${d.firmware}` : ''}`,
      `Status: ${d.status ?? 'unknown'}; configuration ${d.sync_state ?? 'unknown'}${d.revision !== null ? `, revision ${d.revision}` : ''}`,
    );
    for (const a of d.recent_alarms) lines.push(`Alarm ${a.time}: ${a.status} ${a.kind} – ${a.alarm}`);
  }
  if (t.context.browser) lines.push(`Browser: ${t.context.browser}`);
  if (t.context.console_version) lines.push(`Console: ${t.context.console_version}`);
  if (attachments > 0) lines.push(`${attachments} file${attachments === 1 ? '' : 's'} attached in Netloom.`);
  return lines.join('\n');
}

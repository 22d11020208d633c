/** How the rules' titles and summaries say numbers. */

const PROTOCOL_NAMES: Record<number, string> = { 6: 'TCP', 17: 'UDP' };
export const protocolName = (p: number): string => PROTOCOL_NAMES[p] ?? `protocol ${p}`;

/** '45 s', '5 min', '2.5 h', '7 days'. */
export function duration(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  if (seconds < 2 * 86_400) return `${Math.round(seconds / 360) / 10} h`;
  return `${Math.round(seconds / 8640) / 10} days`;
}

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** The first few of a list, and how many more. */
export function firstFew(items: readonly (string | number)[], shown = 5): string {
  const head = items.slice(0, shown).join(', ');
  return items.length > shown ? `${head} and ${items.length - shown} more` : head;
}

/** The ports TCP and UDP services ordinarily listen on for the traffic a browser, a mail client or a resolver sends. */
export const STANDARD_PORTS = new Set([20, 21, 22, 25, 53, 80, 110, 123, 143, 443, 465, 587, 853, 993, 995, 8080, 8443]);

export const TCP = 6;
export const UDP = 17;

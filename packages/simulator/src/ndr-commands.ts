import { NDR_SCENARIOS, isNdrScenario, type NdrScenarioKind } from './ndr-scenarios';

/** What the simulator's operator can type to make a host misbehave (`--help` lists it too). */
export const SCENARIO_COMMANDS = `Make a gateway's host misbehave for NDR (type on standard input):
  scenario WHO KIND [HOST]   KIND is one of ${NDR_SCENARIOS.join(', ')};
                             HOST the LAN address (default: its first host, or
                             its first camera for camera-new-country)
  scenario WHO stop          every scenario of the gateway ends
WHO is the gateway's name or serial.`;

export type ScenarioCommand = { who: string; kind: NdrScenarioKind | 'stop'; host?: string };

/** A typed scenario command, why it is not a valid one, or null when the line is some other command. */
export function parseScenarioCommand(line: string): ScenarioCommand | string | null {
  const [verb, who, kind, host, ...extra] = line.trim().split(/\s+/);
  if (verb?.toLowerCase() !== 'scenario') return null;
  if (!who || !kind || extra.length) return 'scenario WHO KIND [HOST], or scenario WHO stop';
  const k = kind.toLowerCase();
  if (k !== 'stop' && !isNdrScenario(k)) return `scenario: KIND is one of ${NDR_SCENARIOS.join(', ')} or stop, got ${kind}`;
  if (host !== undefined && !/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return `scenario: HOST is an address such as 192.168.10.100, got ${host}`;
  return { who, kind: k, ...(host ? { host } : {}) };
}

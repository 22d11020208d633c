import type { ExperienceChange } from './dem-experience';

/** What the simulator's operator can type while it runs, one command a line (`--help` lists them too). */
export const EXPERIENCE_COMMANDS = `Degrade an endpoint's experience while the fleet runs (type on standard input):
  wifi WHO DBM           its Wi-Fi signal (dBm, e.g. -85: far from the access point)
  relay WHO MS           its ZTNA relay adds MS to every round trip (congested)
  slow WHO APP MS        application APP (its id or host) takes MS longer to answer
  down WHO APP           application APP does not answer
  dns WHO MS             its DNS resolver takes MS longer
  cpu WHO PCT            its CPU is PCT % busy
  heal WHO               back to normal
WHO is the endpoint's user (e-mail), name or serial.`;

export type ExperienceCommand = { who: string; change: ExperienceChange } | { who: string; heal: true };

const number = (text: string | undefined, min: number, max: number): number | null => {
  const n = text !== undefined && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  return n >= min && n <= max ? n : null;
};

/** One typed command, or why it is not one. */
export function parseExperienceCommand(line: string): ExperienceCommand | string {
  const [verb, who, ...rest] = line.trim().split(/\s+/);
  if (!verb || !who) return 'a command names what to change and the endpoint (e.g. wifi ana@acme.test -85)';
  const v = verb.toLowerCase();
  if (v === 'heal') return { who, heal: true };
  if (v === 'wifi') {
    const dbm = number(rest[0], -100, -20);
    return dbm === null ? 'wifi WHO DBM: a signal between -100 and -20 dBm' : { who, change: { wifiDbm: dbm } };
  }
  if (v === 'relay') {
    const ms = number(rest[0], 0, 10_000);
    return ms === null ? 'relay WHO MS: 0 to 10000 ms' : { who, change: { relayExtraMs: ms } };
  }
  if (v === 'dns') {
    const ms = number(rest[0], 0, 10_000);
    return ms === null ? 'dns WHO MS: 0 to 10000 ms' : { who, change: { dnsExtraMs: ms } };
  }
  if (v === 'cpu') {
    const pct = number(rest[0], 0, 100);
    return pct === null ? 'cpu WHO PCT: 0 to 100' : { who, change: { cpuPct: pct } };
  }
  if (v === 'slow') {
    const ms = number(rest[1], 0, 60_000);
    return !rest[0] || ms === null
      ? 'slow WHO APP MS: an application id or host, 0 to 60000 ms'
      : { who, change: { appSlowMs: { [rest[0].toLowerCase()]: ms } } };
  }
  if (v === 'down') return rest[0] ? { who, change: { appDown: [rest[0].toLowerCase()] } } : 'down WHO APP: an application id or host';
  return `unknown command ${verb}`;
}

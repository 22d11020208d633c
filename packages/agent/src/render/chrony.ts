import type { ConfigDocument } from '@netloom/domain';

type Ntp = NonNullable<NonNullable<ConfigDocument['services']>['ntp']>;

/** The first line of the agent's sources file: what tells it apart from a file someone wrote by hand. */
export const SOURCES_HEADER = '# Written by the Netloom agent: its NTP servers. Changes here are undone at its next push.';

/**
 * The NTP servers as a chrony sources file (`sourcedir`): one `server` line each, `iburst` so a
 * server answers within seconds of a push rather than a poll interval later. Null when NTP is off:
 * the agent adds no source and the box's own chrony configuration stays as it is.
 */
export function chronySources(ntp: Ntp | undefined): string | null {
  if (!ntp?.enabled || ntp.servers.length === 0) return null;
  return [SOURCES_HEADER, ...ntp.servers.map((s) => `server ${s} iburst`), ''].join('\n');
}

/** The servers of a sources file as the agent wrote it (a line edited or removed by hand is missing). */
export function sourcesServers(text: string | null): string[] {
  if (!text) return [];
  return text
    .split('\n')
    .map((l) => /^server\s+(\S+)\s+iburst\s*$/.exec(l.trim())?.[1])
    .filter((s): s is string => !!s);
}

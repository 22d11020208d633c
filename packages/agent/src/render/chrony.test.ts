import { describe, expect, it } from 'vitest';
import { chronySources, SOURCES_HEADER, sourcesServers } from './chrony';

describe("NTP servers as chrony's sources", () => {
  it('writes a server line each, asked at once (iburst), and reads back the ones still there', () => {
    const text = chronySources({ enabled: true, servers: ['203.0.113.10', 'ntp.example.com'], timezone: 'Europe/Paris' });
    expect(text).toBe(`${SOURCES_HEADER}\nserver 203.0.113.10 iburst\nserver ntp.example.com iburst\n`);
    expect(sourcesServers(text)).toEqual(['203.0.113.10', 'ntp.example.com']);
    expect(sourcesServers(text!.replace('server ntp.example.com iburst', '# removed by hand'))).toEqual(['203.0.113.10']);
  });
  it('adds no source when NTP is off', () => {
    expect(chronySources({ enabled: false, servers: ['203.0.113.10'], timezone: 'UTC' })).toBeNull();
    expect(chronySources(undefined)).toBeNull();
    expect(sourcesServers(null)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { APPLICATION_SIGNATURES, type ApplicationSignature } from './application-signatures';
import { EPHEMERAL_PORT_MIN, OTHER_APPLICATION, applicationByHost, classifyApplication, classifyFlow, serverPort } from './applications';
import { IP_PROTOCOLS } from './flows';

const { tcp, udp } = IP_PROTOCOLS;
const signatures: readonly ApplicationSignature[] = APPLICATION_SIGNATURES;
const allDomains = signatures.flatMap((s) => s.domains ?? []);

describe('application signatures', () => {
  it('lists about thirty applications, each id, name and domain once', () => {
    expect(signatures.length).toBeGreaterThanOrEqual(30);
    expect(new Set(signatures.map((s) => s.id)).size).toBe(signatures.length);
    expect(new Set(signatures.map((s) => s.name)).size).toBe(signatures.length);
    expect(new Set(allDomains).size).toBe(allDomains.length);
    for (const d of allDomains) expect(d).toBe(d.toLowerCase());
  });

  it('gives each port to one application only', () => {
    const seen = new Map<string, string>();
    for (const s of signatures)
      for (const rule of s.ports ?? []) {
        const [proto, range] = rule.split('/');
        const [from, to = from] = (range ?? '0').split('-').map(Number) as [number, number?];
        for (let p = from; p <= to; p++) {
          const k = `${proto}/${p}`;
          expect(seen.get(k), k).toBeUndefined();
          seen.set(k, s.id);
        }
      }
  });
});

describe('serverPort', () => {
  it('is the destination, unless the destination is ephemeral and the source lower', () => {
    expect(serverPort({ srcPort: 51234, dstPort: 443 })).toBe(443);
    expect(serverPort({ srcPort: 443, dstPort: 51234 })).toBe(443);
    expect(serverPort({ srcPort: 1194, dstPort: EPHEMERAL_PORT_MIN })).toBe(1194);
    expect(serverPort({ srcPort: 1194, dstPort: EPHEMERAL_PORT_MIN - 1 })).toBe(EPHEMERAL_PORT_MIN - 1);
    expect(serverPort({ srcPort: 60000, dstPort: 51820 })).toBe(51820);
    expect(serverPort({ srcPort: 123, dstPort: 123 })).toBe(123);
    expect(serverPort({ srcPort: 0, dstPort: 0 })).toBe(0);
  });
});

describe('classifyApplication', () => {
  const https = { srcPort: 51234, dstPort: 443, protocol: tcp };

  it('names the application by SNI first, at a label boundary, case-insensitively', () => {
    expect(classifyApplication({ ...https, sni: 'www.youtube.com' })).toBe('YouTube');
    expect(classifyApplication({ ...https, sni: 'YouTube.com.' })).toBe('YouTube');
    expect(classifyApplication({ ...https, sni: 'rr3---sn-h5q7kned.googlevideo.com' })).toBe('YouTube');
    expect(classifyApplication({ ...https, sni: 'evilyoutube.com' })).toBe('HTTPS');
    expect(classifyApplication({ ...https, sni: 'youtube.com.evil.net' })).toBe('HTTPS');
    expect(classifyApplication({ ...https, sni: 'www.netflix.com:443' })).toBe('Netflix');
  });

  it('prefers the longest listed domain', () => {
    expect(classifyApplication({ ...https, sni: 'teams.microsoft.com' })).toBe('Microsoft Teams');
    expect(classifyApplication({ ...https, sni: 'eu.teams.microsoft.com' })).toBe('Microsoft Teams');
    expect(classifyApplication({ ...https, sni: 'login.microsoftonline.com' })).toBe('Microsoft 365');
    expect(classifyApplication({ ...https, sni: 'www.microsoft.com' })).toBe('Microsoft 365');
    expect(classifyApplication({ ...https, sni: 's3.eu-west-1.amazonaws.com' })).toBe('Amazon Web Services');
    expect(applicationByHost('amazon.com')).toBeUndefined();
  });

  it('falls back to the server port and protocol, either direction', () => {
    expect(classifyApplication({ srcPort: 40000, dstPort: 53, protocol: udp })).toBe('DNS');
    expect(classifyApplication({ srcPort: 53, dstPort: 40000, protocol: udp })).toBe('DNS');
    expect(classifyApplication({ srcPort: 50000, dstPort: 22, protocol: tcp })).toBe('SSH');
    expect(classifyApplication({ srcPort: 50000, dstPort: 3389, protocol: tcp })).toBe('RDP');
    expect(classifyApplication({ srcPort: 50000, dstPort: 8805, protocol: udp })).toBe('Zoom');
    expect(classifyApplication({ srcPort: 4500, dstPort: 4500, protocol: udp })).toBe('IPsec');
    expect(classifyApplication({ srcPort: 0, dstPort: 0, protocol: IP_PROTOCOLS.esp })).toBe('IPsec');
    expect(classifyApplication({ srcPort: 0, dstPort: 0, protocol: IP_PROTOCOLS.icmp })).toBe('ICMP');
    expect(classifyApplication({ srcPort: 50000, dstPort: 443, protocol: udp })).toBe('HTTPS');
  });

  it('does not mix protocols: DNS is not on TCP 123, NTP not on TCP', () => {
    expect(classifyApplication({ srcPort: 50000, dstPort: 123, protocol: tcp })).toBe(OTHER_APPLICATION);
    expect(classifyApplication({ srcPort: 50000, dstPort: 22, protocol: udp })).toBe(OTHER_APPLICATION);
  });

  it('finds a server on a high port talking to a lower client port', () => {
    expect(classifyApplication({ srcPort: 40000, dstPort: 51820, protocol: udp })).toBe('WireGuard');
    expect(classifyApplication({ srcPort: 51820, dstPort: 40000, protocol: udp })).toBe('WireGuard');
  });

  it('is Other when nothing names it', () => {
    expect(OTHER_APPLICATION).toBe('Other');
    expect(classifyApplication({ srcPort: 50000, dstPort: 7777, protocol: tcp })).toBe('Other');
    expect(classifyApplication({ sni: 'example.org', srcPort: 50000, dstPort: 7777, protocol: tcp })).toBe('Other');
    expect(classifyApplication({ srcPort: 0, dstPort: 0, protocol: IP_PROTOCOLS.gre })).toBe('Other');
  });

  it('never matches a domain inside a label: a host that only ends with a listed domain’s text is not it', () => {
    const label = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(label, fc.constantFrom(...allDomains), (prefix, domain) => {
        const glued = prefix + domain;
        // The glued host still belongs to an application if one of its own parents is listed (e.g. 'x' + 't.co' is 'xt.co': not listed).
        const parents = glued.split('.').map((_, i, labels) => labels.slice(i).join('.'));
        const expected = signatures.filter((s) => s.domains?.some((d) => parents.includes(d)));
        const found = applicationByHost(glued);
        if (expected.length === 0) expect(found).toBeUndefined();
        else expect(expected.map((s) => s.name)).toContain(found);
        // And with a dot, the same host is the listed domain's subdomain.
        expect(applicationByHost(`${prefix}.${domain}`)).toBeDefined();
      }),
    );
  });

  it('matches every subdomain of a listed domain, whatever its case', () => {
    const label = fc.stringMatching(/^[a-zA-Z0-9-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(label, { maxLength: 3 }), fc.constantFrom(...signatures.filter((s) => s.domains)), (labels, sig) => {
        for (const d of sig.domains ?? []) {
          const host = [...labels, d.toUpperCase()].join('.');
          const found = applicationByHost(host);
          // A longer listed domain may claim it (teams.microsoft.com inside microsoft.com), never a shorter one.
          expect(found).toBeDefined();
          const owner = signatures.find((s) => s.name === found);
          expect(owner?.domains?.some((od) => od.length >= d.length && host.toLowerCase().endsWith(od))).toBe(true);
        }
      }),
    );
  });
});

describe('classifyFlow', () => {
  const ports = { src_port: 51234, dst_port: 443, protocol: tcp };
  it('believes a device that named one of our applications, else reads its value as a host', () => {
    expect(classifyFlow({ ...ports, application: 'Zoom' })).toBe('Zoom');
    expect(classifyFlow({ ...ports, application: 'microsoft-365' })).toBe('Microsoft 365');
    expect(classifyFlow({ ...ports, application: 'api.slack.com' })).toBe('Slack');
    expect(classifyFlow({ ...ports, application: 'Fortnite' })).toBe('HTTPS');
    expect(classifyFlow(ports)).toBe('HTTPS');
  });
});

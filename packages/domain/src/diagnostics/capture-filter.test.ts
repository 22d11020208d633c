import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { filterMatches, parseCaptureFilter, type FilterPacket } from './capture-filter';

const parsed = (text: string) => {
  const p = parseCaptureFilter(text);
  if (!p.ok) throw new Error(p.error);
  return p;
};

const web: FilterPacket = { proto: 'tcp', src: '10.0.0.5', dst: '93.184.216.34', sport: 51000, dport: 443 };
const dns: FilterPacket = { proto: 'udp', src: '10.0.0.5', dst: '8.8.8.8', sport: 40000, dport: 53 };
const echo: FilterPacket = { proto: 'icmp', src: '10.0.0.5', dst: '1.1.1.1' };

describe('the capture filter grammar', () => {
  it('accepts the pcap-filter subset and sends one canonical text', () => {
    expect(parsed('').canonical).toBe('');
    expect(parsed('  tcp  ').canonical).toBe('tcp');
    expect(parsed('host 10.0.0.5 and (udp port 53 or icmp)').canonical).toBe('(host 10.0.0.5 and (udp port 53 or icmp))');
    expect(parsed('not src net 10.0.0.0/8').canonical).toBe('not src net 10.0.0.0/8');
    expect(parsed('tcp dst port 443').canonical).toBe('tcp dst port 443');
  });

  it('says what is wrong with a filter outside the grammar', () => {
    const cases: [string, RegExp][] = [
      ['host', /ends too early/],
      ['host example.com', /'example.com' is not part of the filter grammar/],
      ['port 70000', /not a port/],
      ['net 10.0.0.0/33', /not an IPv4 network/],
      ['(tcp', /not closed/],
      ['tcp tcp', /unexpected 'tcp'/],
      ['ether host 1', /expected host, net or port/],
      ['tcp; rm -rf /', /';' is not part|'tcp;' is not part/],
      ['port 80 && port 81', /not part of the filter grammar/],
      // A newline at either end is no blank to trim: a shell would read it as the end of a command.
      ['tcp\n', /not part of the filter grammar/],
      ['\nreboot\ntcp', /not part of the filter grammar/],
    ];
    for (const [text, error] of cases) {
      const p = parseCaptureFilter(text);
      expect(p.ok, text).toBe(false);
      if (!p.ok) expect(p.error).toMatch(error);
    }
    expect(parseCaptureFilter('tcp or '.repeat(40) + 'udp')).toMatchObject({ ok: false, error: 'At most 256 characters' });
  });

  it('keeps the packets the filter names', () => {
    expect(filterMatches(null, echo)).toBe(true);
    const f = parsed('host 10.0.0.5 and (udp port 53 or icmp)').ast;
    expect([web, dns, echo].map((p) => filterMatches(f, p))).toEqual([false, true, true]);
    expect(filterMatches(parsed('dst port 443').ast, web)).toBe(true);
    expect(filterMatches(parsed('src port 443').ast, web)).toBe(false);
    expect(filterMatches(parsed('udp port 443').ast, web)).toBe(false);
    expect(filterMatches(parsed('net 93.184.0.0/16').ast, web)).toBe(true);
    expect(filterMatches(parsed('not net 10.0.0.0/8').ast, web)).toBe(false);
    expect(filterMatches(parsed('net 0.0.0.0/0').ast, web)).toBe(true);
  });

  // A shell reads these specially; the grammar has no place for any of them (parentheses it has, as grouping).
  const SHELL_METACHARACTERS = [';', '|', '&', '$', '`', '<', '>', '\\', '"', "'", '\n', '*', '?', '!', '{', '}', '[', ']', '~', '#', '='];

  it('never accepts a filter with a shell metacharacter, wherever it stands', () => {
    const words = fc.constantFrom('tcp', 'udp', 'icmp', 'host', 'net', 'port', 'src', 'dst', 'and', 'or', 'not', '(', ')', '10.0.0.1', '53', '10.0.0.0/8', ' ');
    fc.assert(
      fc.property(fc.array(words, { maxLength: 12 }), fc.constantFrom(...SHELL_METACHARACTERS), fc.nat(), (parts, meta, at) => {
        const text = parts.join(' ');
        const i = at % (text.length + 1);
        return !parseCaptureFilter(text.slice(0, i) + meta + text.slice(i)).ok;
      }),
      { numRuns: 1_000 },
    );
  });

  it('whatever it accepts, its canonical text has only the grammar’s characters and parses to the same filter', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const p = parseCaptureFilter(text);
        if (!p.ok) return true;
        const again = parseCaptureFilter(p.canonical);
        return /^[a-z0-9./() ]*$/.test(p.canonical) && again.ok && again.canonical === p.canonical;
      }),
    );
  });
});

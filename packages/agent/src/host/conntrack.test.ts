import { describe, expect, it } from 'vitest';
import { parseConntrack } from './conntrack';

const TCP =
  'ipv4     2 tcp      6 431999 ESTABLISHED src=192.168.50.10 dst=203.0.113.10 sport=37280 dport=7000 packets=3 bytes=164 src=203.0.113.10 dst=198.51.100.2 sport=7000 dport=37280 packets=2 bytes=123 [ASSURED] mark=0 use=1 id=231746687';
const ICMP =
  'ipv4     2 icmp     1 29 src=192.168.50.10 dst=10.9.9.9 type=8 code=0 id=18015 packets=2 bytes=168 src=10.9.9.9 dst=100.64.0.2 type=0 code=0 id=18015 packets=2 bytes=168 mark=0 use=1 id=1561418233';

describe("a connection read off conntrack's extended listing", () => {
  it('takes each direction with its counters, and the NAT address the reply comes back to', () => {
    expect(parseConntrack(TCP)).toEqual({
      id: '231746687',
      protocol: 6,
      orig: { src: '192.168.50.10', dst: '203.0.113.10', sport: 37280, dport: 7000, packets: 3, bytes: 164 },
      reply: { src: '203.0.113.10', dst: '198.51.100.2', sport: 7000, dport: 37280, packets: 2, bytes: 123 },
    });
  });
  it("reads an event line and an ICMP connection, whose own id is not the connection's", () => {
    const icmp = parseConntrack(`[DESTROY] ${ICMP.replace(' 29 ', ' ')}`);
    expect(icmp).toMatchObject({ id: '1561418233', protocol: 1, orig: { sport: 0, dport: 0, packets: 2 }, reply: { dst: '100.64.0.2' } });
  });
  it('leaves out what is not an IPv4 connection', () => {
    expect(parseConntrack('ipv6     10 udp      17 29 src=::1 dst=::1 sport=1 dport=2 src=::1 dst=::1 sport=2 dport=1 id=5')).toBeNull();
    expect(parseConntrack('conntrack v1.4.7 (conntrack-tools): 2 flow entries have been shown.')).toBeNull();
  });
});

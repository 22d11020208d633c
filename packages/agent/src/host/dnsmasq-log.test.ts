import { describe, expect, it } from 'vitest';
import { dnsQueriesMessageSchema } from '@netloom/domain';
import { DNS_UNANSWERED_MS, DnsmasqLog } from './dnsmasq-log';

/** Lines of dnsmasq 2.90 (log-queries=extra, log-dhcp, log-facility=<file>) from a run in a lab namespace. */
const DHCP = `Dec  1 11:40:49 dnsmasq-dhcp[16547]: 2915292243 available DHCP range: 192.168.77.100 -- 192.168.77.150
Dec  1 11:40:49 dnsmasq-dhcp[16547]: 2915292243 vendor class: udhcp 1.36.1
Dec  1 11:40:49 dnsmasq-dhcp[16547]: 2915292243 client provides name: sensor-kitchen
Dec  1 11:40:52 dnsmasq-dhcp[16547]: 2915292243 DHCPDISCOVER(cg) 2e:ff:b0:f2:35:35 
Dec  1 11:40:52 dnsmasq-dhcp[16547]: 2915292243 tags: cg
Dec  1 11:40:52 dnsmasq-dhcp[16547]: 2915292243 DHCPOFFER(cg) 192.168.77.133 2e:ff:b0:f2:35:35 
Dec  1 11:40:52 dnsmasq-dhcp[16547]: 2915292243 requested options: 1:netmask, 28:broadcast, 2:time-offset, 3:router, 
Dec  1 11:40:52 dnsmasq-dhcp[16547]: 2915292243 requested options: 15:domain-name, 6:dns-server, 12:hostname
Dec  1 11:40:52 dnsmasq-dhcp[16547]: 2915292243 next server: 192.168.77.1
Dec  1 11:40:52 dnsmasq-dhcp[16547]: 2915292243 sent size:  1 option: 53 message-type  2
Dec  1 11:40:52 dnsmasq-dhcp[16547]: 2915292243 DHCPREQUEST(cg) 192.168.77.133 2e:ff:b0:f2:35:35 
Dec  1 11:40:52 dnsmasq-dhcp[16547]: 2915292243 DHCPACK(cg) 192.168.77.133 2e:ff:b0:f2:35:35 sensor-kitchen
Dec  1 11:40:52 dnsmasq-dhcp[16547]: 2915292243 requested options: 1:netmask, 28:broadcast, 2:time-offset, 3:router, 
Dec  1 11:40:52 dnsmasq-dhcp[16547]: 2915292243 requested options: 15:domain-name, 6:dns-server, 12:hostname
Dec  1 11:40:52 dnsmasq-dhcp[16547]: 2915292243 sent size: 14 option: 12 hostname  sensor-kitchen`.split('\n');

const DNS = `Dec  1 11:41:01 dnsmasq[16857]: started, version 2.90 cachesize 150
Dec  1 11:41:01 dnsmasq[16857]: using nameserver 127.0.0.1#5300
Dec  1 11:41:02 dnsmasq[16857]: 3 192.168.77.133/54690 query[A] two.example from 192.168.77.133
Dec  1 11:41:02 dnsmasq[16857]: 3 192.168.77.133/54690 forwarded two.example to 127.0.0.1#5300
Dec  1 11:41:02 dnsmasq[16857]: 4 192.168.77.133/53655 query[A] alias.example from 192.168.77.133
Dec  1 11:41:02 dnsmasq[16857]: 3 192.168.77.133/54690 reply two.example is 203.0.113.8
Dec  1 11:41:02 dnsmasq[16857]: 3 192.168.77.133/54690 reply two.example is 203.0.113.9
Dec  1 11:41:02 dnsmasq[16857]: 4 192.168.77.133/53655 forwarded alias.example to 127.0.0.1#5300
Dec  1 11:41:02 dnsmasq[16857]: 4 192.168.77.133/53655 reply alias.example is <CNAME>
Dec  1 11:41:02 dnsmasq[16857]: 4 192.168.77.133/53655 reply two.example is 203.0.113.9
Dec  1 11:41:02 dnsmasq[16857]: 5 192.168.77.133/37589 query[A] nothere.example from 192.168.77.133
Dec  1 11:41:02 dnsmasq[16857]: 5 192.168.77.133/37589 forwarded nothere.example to 127.0.0.1#5300
Dec  1 11:41:02 dnsmasq[16857]: 5 192.168.77.133/37589 reply nothere.example is NXDOMAIN
Dec  1 11:41:10 dnsmasq[16939]: 2 192.168.77.133/37990 query[A] two.example from 192.168.77.133
Dec  1 11:41:10 dnsmasq[16939]: 2 192.168.77.133/37990 cached two.example is 203.0.113.8
Dec  1 11:41:10 dnsmasq[16939]: 6 192.168.77.133/41753 query[AAAA] v4only.example from 192.168.77.133
Dec  1 11:41:10 dnsmasq[16939]: 6 192.168.77.133/41753 reply v4only.example is NODATA-IPv6
Dec  1 11:41:10 dnsmasq[16939]: 7 192.168.77.133/40574 query[HTTPS] x.example from 192.168.77.133
Dec  1 11:41:10 dnsmasq[16939]: 8 192.168.77.133/33626 query[TXT] blocked.example from 192.168.77.133
Dec  1 11:41:10 dnsmasq[16939]: 8 192.168.77.133/33626 config error is REFUSED (EDE: not ready)
Dec  1 11:41:10 dnsmasq[16939]: 9 192.168.77.133/45376 query[A] localhost from 192.168.77.133
Dec  1 11:41:10 dnsmasq[16939]: 9 192.168.77.133/45376 /etc/hosts localhost is 127.0.0.1
Dec  1 11:41:10 dnsmasq[16939]: 10 192.168.77.133/57242 query[TXT] aGVsbG8gd29ybGQ.tunnel.example from 192.168.77.133
Dec  1 11:41:10 dnsmasq[16939]: 10 192.168.77.133/57242 forwarded aGVsbG8gd29ybGQ.tunnel.example to 127.0.0.1#5300
Dec  1 11:41:10 dnsmasq-dhcp[16939]: 11 client provides name: other`.split('\n');

const NOW = new Date(2026, 11, 1, 11, 41, 11).getTime();
const at = (h: number, m: number, s: number) => new Date(2026, 11, 1, h, m, s).toISOString();

describe("dnsmasq's query log read as DNS evidence", () => {
  it('puts each query together with its answers by serial, however the lines of queries interleave', () => {
    const log = new DnsmasqLog();
    log.feed(DNS, NOW);
    // Answer lines of the last read may go on in the next: nothing is handed out before that.
    expect(log.take(NOW)).toEqual([]);
    const queries = log.take(NOW);
    expect(queries).toEqual([
      { at: at(11, 41, 2), client_ip: '192.168.77.133', name: 'two.example', qtype: 'A', answers: ['203.0.113.8', '203.0.113.9'], rcode: 'NOERROR' },
      { at: at(11, 41, 2), client_ip: '192.168.77.133', name: 'alias.example', qtype: 'A', answers: ['203.0.113.9'], rcode: 'NOERROR' },
      { at: at(11, 41, 2), client_ip: '192.168.77.133', name: 'nothere.example', qtype: 'A', rcode: 'NXDOMAIN' },
      { at: at(11, 41, 10), client_ip: '192.168.77.133', name: 'two.example', qtype: 'A', answers: ['203.0.113.8'], rcode: 'NOERROR' },
      { at: at(11, 41, 10), client_ip: '192.168.77.133', name: 'v4only.example', qtype: 'AAAA', rcode: 'NOERROR' },
      { at: at(11, 41, 10), client_ip: '192.168.77.133', name: 'blocked.example', qtype: 'TXT', rcode: 'REFUSED' },
      { at: at(11, 41, 10), client_ip: '192.168.77.133', name: 'localhost', qtype: 'A', answers: ['127.0.0.1'], rcode: 'NOERROR' },
    ]);
    expect(dnsQueriesMessageSchema.safeParse({ type: 'dns_queries', seq: 1, queries }).success).toBe(true);
  });

  it('gives up on a query never answered as a server failure: the client got nothing', () => {
    const log = new DnsmasqLog();
    log.feed(DNS, NOW);
    log.take(NOW);
    log.take(NOW);
    expect(log.take(NOW + DNS_UNANSWERED_MS)).toEqual([
      { at: at(11, 41, 10), client_ip: '192.168.77.133', name: 'x.example', qtype: 'HTTPS', rcode: 'SERVFAIL' },
      { at: at(11, 41, 10), client_ip: '192.168.77.133', name: 'aGVsbG8gd29ybGQ.tunnel.example', qtype: 'TXT', rcode: 'SERVFAIL' },
    ]);
  });

  it('ends what a serial held when dnsmasq restarts and numbers its queries from 1 again', () => {
    const log = new DnsmasqLog();
    log.feed(['Dec  1 11:41:02 dnsmasq[1]: 1 192.168.77.133/1 query[A] a.example from 192.168.77.133'], NOW);
    log.feed(['Dec  1 11:41:05 dnsmasq[2]: 1 192.168.77.133/2 query[A] b.example from 192.168.77.133'], NOW);
    expect(log.take(NOW).map((q) => [q.name, q.rcode])).toEqual([['a.example', 'SERVFAIL']]);
  });
});

describe("dnsmasq's DHCP log read as each client's fingerprint", () => {
  it('keeps the parameter request list in the order asked, the vendor class, the name and where the client was', () => {
    const log = new DnsmasqLog();
    log.feed(DHCP, NOW);
    expect([...log.clients.values()]).toEqual([
      {
        mac: '2e:ff:b0:f2:35:35',
        ip: '192.168.77.133',
        ifname: 'cg',
        hostname: 'sensor-kitchen',
        parameterList: [1, 28, 2, 3, 15, 6, 12],
        vendorClass: 'udhcp 1.36.1',
        seenAt: new Date(2026, 11, 1, 11, 40, 52).getTime(),
      },
    ]);
  });
});

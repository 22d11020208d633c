import { describe, expect, it } from 'vitest';
import { captureParamsSchema, pingParamsSchema, tracerouteParamsSchema } from '@netloom/domain';
import { iperf3Rate, pingArgs, pingSummary, tcpdumpArgs, tracerouteArgs, tracerouteOutcome } from './commands';

describe("the diagnostics' programs and what they print", () => {
  it('gives ping its bounds and the host after --, where no option is read', () => {
    const p = pingParamsSchema.parse({ kind: 'ping', host: 'example.com', count: 3, interval_s: 0.5, size: 100, source_interface: 'wan0' });
    expect(pingArgs(p)).toEqual(['-n', '-O', '-c', '3', '-i', '0.5', '-s', '100', '-I', 'wan0', '--', 'example.com']);
    expect(tracerouteArgs(tracerouteParamsSchema.parse({ kind: 'traceroute', host: '203.0.113.10', max_hops: 5 }))).toEqual([
      '-n',
      '-m',
      '5',
      '-w',
      '2',
      '--',
      '203.0.113.10',
    ]);
  });

  it("hands tcpdump the filter's canonical text as one argument, and nothing when there is none", () => {
    const withFilter = captureParamsSchema.parse({ kind: 'capture', interface: 'wan0', filter: 'icmp  and host 203.0.113.10', max_packets: 50 });
    const args = tcpdumpArgs(withFilter, '/tmp/x.pcap');
    expect(args.slice(-3)).toEqual(['-c', '50', '(icmp and host 203.0.113.10)']);
    expect(args).toEqual(expect.arrayContaining(['-i', 'wan0', '-w', '/tmp/x.pcap', '--print']));
    expect(tcpdumpArgs(captureParamsSchema.parse({ kind: 'capture', interface: 'lan0' }), '/tmp/y.pcap').at(-1)).toBe('1000');
  });

  it("reads ping's statistics, with errors and without replies", () => {
    const out = [
      '--- 203.0.113.10 ping statistics ---',
      '3 packets transmitted, 3 received, 0% packet loss, time 2003ms',
      'rtt min/avg/max/mdev = 0.049/0.063/0.081/0.013 ms',
    ];
    expect(pingSummary(out)).toEqual({ line: '3 packets transmitted, 3 received, 0% packet loss', received: 3 });
    expect(pingSummary(['4 packets transmitted, 0 received, +4 errors, 100% packet loss, time 3050ms'])).toEqual({
      line: '4 packets transmitted, 0 received, +4 errors, 100% packet loss',
      received: 0,
    });
    expect(pingSummary(['ping: nosuch.example: Name or service not known'])).toBeNull();
  });

  it('tells whether traceroute reached the address its header names', () => {
    const head = 'traceroute to 203.0.113.10 (203.0.113.10), 30 hops max, 60 byte packets';
    const hops = [' 1  198.51.100.1  0.060 ms  0.020 ms  0.019 ms', ' 2  203.0.113.10  0.070 ms  0.030 ms  0.029 ms'];
    expect(tracerouteOutcome(head, [head, ...hops], 30)).toEqual({ ok: true, output: 'reached 203.0.113.10' });
    expect(tracerouteOutcome(head, [head, hops[0]!, ' 2  * * *', ' 3  * * *'], 3)).toEqual({ ok: false, output: 'no answer from 203.0.113.10 within 3 hops' });
    expect(tracerouteOutcome(undefined, [], 30)).toBeNull();
  });

  it("reads iperf3's rate from its sender summary", () => {
    const out = [
      '[  5]   0.00-1.00   sec   112 MBytes   941 Mbits/sec    0    434 KBytes',
      '- - - - - - - - - - - - - - - - - - - - - - - - -',
      '[  5]   0.00-2.00   sec   224 MBytes   940.5 Mbits/sec    0             sender',
      '[  5]   0.00-2.04   sec   223 MBytes   918 Mbits/sec                  receiver',
    ];
    expect(iperf3Rate(out)).toBe(940.5);
    expect(iperf3Rate(['iperf3: error - unable to connect to server: Connection refused'])).toBeNull();
  });
});

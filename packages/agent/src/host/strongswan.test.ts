import { describe, expect, it } from 'vitest';
import { parseSas } from './strongswan';

const LISTED = `nl-1: #2, ESTABLISHED, IKEv2, 29de7dd02987c332_i* 70e450018f6a79a8_r
  local  '10.61.0.1' @ 10.61.0.1[4500]
  remote '10.61.0.2' @ 10.61.0.2[4500]
  AES_CBC-256/HMAC_SHA2_256_128/PRF_HMAC_SHA2_256/MODP_2048
  established 19s ago, rekeying in 14080s
  nl-1: #1, reqid 1, INSTALLED, TUNNEL-in-UDP, ESP:AES_CBC-256/HMAC_SHA2_256_128
    installed 19s ago, rekeying in 3351s, expires in 3941s
    in  5663b6bb,    168 bytes,     2 packets,    15s ago
    out 5d836e91,    336 bytes,     4 packets,    15s ago
    local  10.70.0.1/32
    remote 10.80.0.1/32
nl-2: #3, CONNECTING, IKEv2, 0a1b2c3d4e5f6a7b_i* 0000000000000000_r
  local  '10.61.0.1' @ 10.61.0.1[500]
  remote '198.51.100.9' @ 198.51.100.9[500]
`;

describe("strongSwan's security associations read off swanctl --list-sas", () => {
  it('tells an established tunnel with its child installed and its traffic from one still connecting', () => {
    expect(parseSas(LISTED)).toEqual([
      { connection: 'nl-1', established: true, installed: true, establishedS: 19, bytesIn: 168, bytesOut: 336, packetsIn: 2, packetsOut: 4 },
      { connection: 'nl-2', established: false, installed: false, establishedS: null, bytesIn: 0, bytesOut: 0, packetsIn: 0, packetsOut: 0 },
    ]);
  });
});

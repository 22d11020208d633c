import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mergeNdrDetections, ndrDetectionSchema, NDR_EVIDENCE_MAX, type NdrDetection } from './detection';
import { ndrSuppresses } from './suppression';
import { GATEWAY, T0 } from './test-fixtures';

const at = (s: number) => new Date(T0 + s * 1000).toISOString();
const detection = (key: string, s: number, over: Partial<NdrDetection> = {}): NdrDetection => ({
  rule_id: 'ndr.port_scan',
  dedupe_key: key,
  severity: 'medium',
  confidence: 0.6,
  host: { ip: '10.0.0.9', device_id: GATEWAY },
  peer: '10.0.0.20',
  peers: ['10.0.0.20'],
  user: null,
  title: `seen at ${s}`,
  summary: '',
  tactics: ['TA0007'],
  techniques: ['T1046'],
  first_seen: at(s),
  last_seen: at(s),
  facts: { n: s },
  evidence: [{ kind: 'flow', time: at(s), source_id: GATEWAY, src: '10.0.0.9', dst: '10.0.0.20', dst_port: s % 65536 }],
  ...over,
});

describe('detections', () => {
  it('merge emissions of one key into one: its span, the later words and figures, the worse severity, the first records', () => {
    const list = Array.from({ length: 30 }, (_, i) => detection('a', i, i === 3 ? { severity: 'high', user: 'ana' } : {}));
    const [merged, ...rest] = mergeNdrDetections([...list, detection('b', 5)]);
    expect(rest.map((d) => d.dedupe_key)).toEqual(['b']);
    expect(merged).toMatchObject({ first_seen: at(0), last_seen: at(29), title: 'seen at 29', severity: 'high', user: 'ana', facts: { n: 29 } });
    expect(merged!.evidence).toHaveLength(NDR_EVIDENCE_MAX);
    expect(merged!.evidence[0]!.time).toBe(at(0));
    expect(ndrDetectionSchema.safeParse(merged).success).toBe(true);
  });

  it('merge the same way whatever the pieces they arrive in (the server merges step after step)', () => {
    const emission = fc.record({ key: fc.constantFrom('a', 'b', 'c'), s: fc.integer({ min: 0, max: 1000 }), high: fc.boolean() });
    fc.assert(
      fc.property(fc.array(emission, { maxLength: 60 }), fc.nat(60), (items, cut) => {
        const list = items.map((e) => detection(e.key, e.s, e.high ? { severity: 'high' } : {}));
        const pieces = [list.slice(0, cut), list.slice(cut)];
        expect(mergeNdrDetections(pieces.flatMap(mergeNdrDetections))).toEqual(mergeNdrDetections(list));
      }),
    );
  });

  it('are silenced by a suppression of their rule, host and peer (or every peer) until it expires', () => {
    const d = detection('a', 100);
    const s = { rule_id: 'ndr.port_scan', host_ip: '10.0.0.9', peer: null, created_at: at(0), created_by: 'ana', reason: '', expires_at: null };
    expect(ndrSuppresses(s, d)).toBe(true);
    expect(ndrSuppresses({ ...s, peer: '10.0.0.20' }, d)).toBe(true);
    expect(ndrSuppresses({ ...s, peer: '10.0.0.21' }, d)).toBe(false);
    expect(ndrSuppresses({ ...s, host_ip: '10.0.0.8' }, d)).toBe(false);
    expect(ndrSuppresses({ ...s, rule_id: 'ndr.host_scan' }, d)).toBe(false);
    expect(ndrSuppresses({ ...s, expires_at: at(50) }, d)).toBe(false);
    expect(ndrSuppresses({ ...s, expires_at: at(150) }, d)).toBe(true);
  });
});

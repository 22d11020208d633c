import { describe, expect, it } from 'vitest';
import { PIE_PALETTE } from '@netloom/domain';
import type { ChartOption } from './echarts-setup';
import { buildPieOption, type PieDatum } from './pie-option';

// Shares: 50 %, 44 %, 5 %, 1 %.
const data: PieDatum[] = [
  { name: 'YouTube', value: 500 },
  { name: 'Microsoft Teams', value: 440 },
  { name: 'DNS', value: 50 },
  { name: 'NTP', value: 10 },
];

interface PieSeries {
  radius: unknown;
  label: { show: boolean; position: string; formatter: unknown };
  data: (PieDatum & { label?: { show: boolean } })[];
}
const pie = (o: ChartOption | null) => (o!.series as PieSeries[])[0]!;
const labelShown = (o: ChartOption | null) => pie(o).data.map((d) => [d.name, d.label?.show ?? pie(o).label.show]);

describe('buildPieOption', () => {
  it('hides inside labels of slices under 6 percent', () => {
    expect(labelShown(buildPieOption({ data }))).toEqual([
      ['YouTube', true],
      ['Microsoft Teams', true],
      ['DNS', false],
      ['NTP', false],
    ]);
    expect(pie(buildPieOption({ data })).label.position).toBe('inside');
  });

  it('shows a slice of exactly 6 percent', () => {
    const o = buildPieOption({
      data: [
        { name: 'a', value: 94 },
        { name: 'b', value: 6 },
      ],
    });
    expect(labelShown(o)).toEqual([
      ['a', true],
      ['b', true],
    ]);
  });

  it('keeps every label when labels sit outside the ring', () => {
    const o = buildPieOption({ data, labelPosition: 'outside' });
    expect(labelShown(o).every(([, shown]) => shown)).toBe(true);
    expect(pie(o).label.position).toBe('outside');
  });

  it('uses the 10-colour palette by default', () => {
    expect(PIE_PALETTE).toHaveLength(10);
    expect(new Set(PIE_PALETTE).size).toBe(10);
    expect(buildPieOption({ data })!.color).toEqual([...PIE_PALETTE]);
    expect(buildPieOption({ data, palette: ['#000000'] })!.color).toEqual(['#000000']);
  });

  it('cuts legend and outside label names at 50 characters', () => {
    const long = 'a'.repeat(50) + 'bcd';
    const o = buildPieOption({ data: [{ name: long, value: 1 }], labelPosition: 'outside' })!;
    const legend = o.legend as { formatter: (n: string) => string };
    expect(legend.formatter(long)).toBe(`${'a'.repeat(50)}...`);
    expect(legend.formatter('a'.repeat(50))).toBe('a'.repeat(50));
    const label = pie(o).label.formatter as (p: { name: string }) => string;
    expect(label({ name: long })).toBe(`${'a'.repeat(50)}...`);
  });

  it('draws a ring for a donut and a disc otherwise', () => {
    expect(pie(buildPieOption({ data, donut: true })).radius).toEqual(['45%', '70%']);
    expect(pie(buildPieOption({ data })).radius).toBe('70%');
  });

  it('shows the slice value with the host formatter and its share in the tooltip', () => {
    const o = buildPieOption({ data, formatValue: (v) => `${v} MB` })!;
    const tooltip = (o.tooltip as { formatter: (p: object) => string }).formatter;
    expect(tooltip({ marker: '', name: 'A&B', value: 500, percent: 50 })).toBe('A&amp;B: <b>500 MB</b> (50%)');
  });

  it('has nothing to draw when empty, all zero, or only invalid values', () => {
    expect(buildPieOption({ data: [] })).toBeNull();
    expect(
      buildPieOption({
        data: [
          { name: 'a', value: 0 },
          { name: 'b', value: 0 },
        ],
      }),
    ).toBeNull();
    expect(
      buildPieOption({
        data: [
          { name: 'a', value: Number.NaN },
          { name: 'b', value: -5 },
        ],
      }),
    ).toBeNull();
  });

  it('leaves out slices that cannot have a share', () => {
    const o = buildPieOption({
      data: [
        { name: 'a', value: 3 },
        { name: 'b', value: -1 },
        { name: 'c', value: Number.NaN },
      ],
    });
    expect(pie(o).data.map((d) => d.name)).toEqual(['a']);
  });
});

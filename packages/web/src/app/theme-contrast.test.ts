import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@mantine/core';
import { contrast, over } from './readable-colors';
import { cssVariablesResolver, theme } from './theme';

const { colors } = DEFAULT_THEME;
const merged = { ...DEFAULT_THEME, ...theme } as typeof DEFAULT_THEME;
const vars = cssVariablesResolver(merged);
const AA = 4.5;

describe('the theme reads at WCAG AA', () => {
  it('puts white text on a primary colour it reads on, in both schemes', () => {
    const shade = theme.primaryShade as { light: number; dark: number };
    expect(contrast('#ffffff', colors.blue[shade.light]!)).toBeGreaterThanOrEqual(AA);
    expect(contrast('#ffffff', colors.blue[shade.dark]!)).toBeGreaterThanOrEqual(AA);
  });

  it.each(Object.keys(colors))('gives %s text a shade that reads on its own tint and on the pale greys', (name) => {
    const text = vars.light[`--mantine-color-${name}-light-color`]!;
    const tintBase = colors[name]![8];
    for (const bg of ['#ffffff', colors.gray[0], colors.gray[1]]) {
      expect(contrast(text, bg), `${text} on ${bg}`).toBeGreaterThanOrEqual(AA);
      expect(contrast(text, over(tintBase, 0.12, bg)), `${text} on the tint over ${bg}`).toBeGreaterThanOrEqual(AA);
    }
  });

  it('dims text no further than AA allows', () => {
    expect(vars.light['--mantine-color-dimmed']).toBe('var(--mantine-color-gray-7)');
    expect(contrast(colors.gray[7], colors.gray[1])).toBeGreaterThanOrEqual(AA);
    expect(vars.dark['--mantine-color-dimmed']).toBe('var(--mantine-color-dark-1)');
    for (const bg of [colors.dark[5], colors.dark[6], colors.dark[7], colors.dark[8]]) expect(contrast(colors.dark[1], bg)).toBeGreaterThanOrEqual(AA);
  });

  it('picks black or white text on a filled colour by the luminance at which both read equally', () => {
    // At 0.179 both reach 4.58:1; any colour then reads at AA with one of them.
    expect(theme.autoContrast).toBe(true);
    expect(theme.luminanceThreshold).toBeCloseTo(0.179, 3);
  });
});

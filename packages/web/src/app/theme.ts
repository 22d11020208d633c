import { createTheme, DEFAULT_THEME, type CSSVariablesResolver } from '@mantine/core';
import { lightSchemeTextColor } from './readable-colors';

/**
 * Shade 8 is the first blue that white text reads on at WCAG AA (5.0:1; shade 6 was 3.6:1). Filled
 * badges and buttons of the paler palettes (green, orange, yellow) take black text instead of
 * white: autoContrast with the luminance at which black and white read equally well (4.58:1 each).
 */
const PRIMARY_SHADE = 8;

/** Mantine draws the pager's arrows as icons only: each gets the name a screen reader says for it. */
const PAGER_CONTROL_NAMES = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: PRIMARY_SHADE, dark: PRIMARY_SHADE },
  autoContrast: true,
  luminanceThreshold: 0.179,
  defaultRadius: 'md',
  fontFamily: 'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, sans-serif' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    // A link inside a sentence must differ from the text around it by more than its colour (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    Pagination: {
      defaultProps: {
        getControlProps: (control: keyof typeof PAGER_CONTROL_NAMES) => ({ 'aria-label': PAGER_CONTROL_NAMES[control] }),
        getItemProps: (page: number) => ({ 'aria-label': `Page ${page}` }),
      },
    },
  },
});

const { colors } = DEFAULT_THEME;
/** Where text sits in the light scheme: the page's white and the pale greys of stripes, hovers and backdrops. */
const LIGHT_BACKGROUNDS = [DEFAULT_THEME.white, colors.gray[0], colors.gray[1]];

/** Coloured text of each palette (light variants, outline buttons, `c="red"`) that reads on its tint in the light scheme. */
const lightTextVariables = Object.fromEntries(
  Object.entries(colors).flatMap(([name, palette]) => {
    const text = lightSchemeTextColor(palette, PRIMARY_SHADE, LIGHT_BACKGROUNDS);
    return [
      [`--mantine-color-${name}-light-color`, text],
      [`--mantine-color-${name}-text`, text],
      [`--mantine-color-${name}-outline`, text],
    ];
  }),
);

/**
 * Mantine's dimmed text (grey 6 in light, dark 2 in dark) reads at 3.3:1 and 4.0:1 at best; grey
 * 7 and dark 1 read at 6.9:1 and 5.6:1 on the palest and darkest surfaces they are put on.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...lightTextVariables,
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Placeholders double as the text of input-like buttons (the header's search): readable like dimmed text.
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-anchor': lightTextVariables['--mantine-color-blue-text']!,
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
  },
});

import { darken, luminance, toRgba, type MantineColorsTuple } from '@mantine/core';

/** WCAG 2 AA for normal text. A hair above 4.5 so rounding in a browser never lands under it. */
const AA_TEXT = 4.6;

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `color` at `alpha` over an opaque `background`, as the browser paints a light variant's tint. */
export function over(color: string, alpha: number, background: string): string {
  const c = toRgba(color);
  const b = toRgba(background);
  const mix = (x: number, y: number) => Math.round(x * alpha + y * (1 - alpha));
  return `rgb(${mix(c.r, b.r)}, ${mix(c.g, b.g)}, ${mix(c.b, b.b)})`;
}

/** The lightest darkening of `color` that reads at AA on every one of `backgrounds`. */
function readableOn(color: string, backgrounds: readonly string[]): string {
  for (let step = 0; step <= 20; step++) {
    const candidate = step === 0 ? color : darken(color, step * 0.05);
    if (backgrounds.every((bg) => contrast(candidate, bg) >= AA_TEXT)) return candidate;
  }
  return '#000000';
}

/**
 * Text colours of one palette in the light scheme: the shade the theme uses, darkened until it
 * reads on its own 10 % tint (light badges, alerts, active tabs) laid over the page's white and
 * its pale greys (table stripes, hovered rows, the sign-in page's backdrop).
 */
export function lightSchemeTextColor(palette: MantineColorsTuple, shade: number, pageBackgrounds: readonly string[]): string {
  const base = palette[shade]!;
  return readableOn(base, [...pageBackgrounds, ...pageBackgrounds.map((bg) => over(base, 0.12, bg))]);
}

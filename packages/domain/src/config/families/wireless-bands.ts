/** The Wi-Fi bands a gateway's radios may work in, and what each allows (channels as in most regulatory domains). */
/** Named without a dot: a band is also a key of the radios (and a dotted form key would split it). */
export const WIFI_BANDS = ['2_4ghz', '5ghz', '6ghz'] as const;
export type WifiBand = (typeof WIFI_BANDS)[number];
export const WIFI_BAND_LABELS: Record<WifiBand, string> = { '2_4ghz': '2.4 GHz', '5ghz': '5 GHz', '6ghz': '6 GHz' };

const range = (from: number, to: number, step = 1) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

export const WIFI_CHANNELS: Record<WifiBand, readonly number[]> = {
  '2_4ghz': range(1, 13),
  '5ghz': [...range(36, 64, 4), ...range(100, 144, 4), ...range(149, 165, 4)],
  // 6 GHz 20 MHz channels: 1, 5, 9 … 233.
  '6ghz': range(1, 233, 4),
};
/** 2.4 GHz has room for 40 MHz at most. */
export const WIFI_WIDTHS: Record<WifiBand, readonly number[]> = { '2_4ghz': [20, 40], '5ghz': [20, 40, 80, 160], '6ghz': [20, 40, 80, 160] };

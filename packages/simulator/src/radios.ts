import { WIFI_BAND_LABELS, WIFI_BANDS, WIFI_CHANNELS, type ConfigDocument, type StatusSnapshot, type WifiBand } from '@netloom/domain';
import { fixedShare } from './prng';

/** The radios each gateway model has: the rack-mounted branch router has none. */
const MODEL_RADIOS: Record<string, readonly WifiBand[]> = {
  'NL-Edge 100': ['2_4ghz', '5ghz'],
  'NL-Edge 300': ['2_4ghz', '5ghz'],
  'NL-Edge 500': ['2_4ghz', '5ghz', '6ghz'],
  'NL-Branch 1000': [],
};
const radiosOf = (model: string): readonly WifiBand[] => MODEL_RADIOS[model] ?? [];

/** Why this model cannot run the wireless section, as its firmware says it; null: it can. */
export function wirelessRefusal(model: string, doc: ConfigDocument): string | null {
  const w = doc.wireless;
  if (!w) return null;
  const has = radiosOf(model);
  const wanted = WIFI_BANDS.filter((b) => w.radios[b]?.enabled);
  if (has.length === 0 && (wanted.length > 0 || w.ssids.length > 0)) return `wireless: this model (${model}) has no radio`;
  const missing = wanted.find((b) => !has.includes(b));
  return missing ? `wireless: this model has no ${WIFI_BAND_LABELS[missing]} radio` : null;
}

/**
 * Each enabled SSID on each of its radios that is on: the channel the radio works on (auto picks
 * one of the band's channels, the same for a box every time) and the clients associated, a share
 * of a dozen per radio that follows the local day (`load`, 0–1).
 */
export function wirelessSnapshot(serial: string, doc: ConfigDocument, load: number): Extract<StatusSnapshot, { kind: 'wireless' }> {
  const w = doc.wireless;
  const channelOf = (band: WifiBand) => {
    const set = w!.radios[band]!.channel;
    const choices = band === '2_4ghz' ? [1, 6, 11] : WIFI_CHANNELS[band];
    return set || choices[Math.floor(fixedShare(serial, 'channel', band) * choices.length)]!;
  };
  const entries = (w?.ssids ?? [])
    .filter((s) => s.enabled)
    .flatMap((s) =>
      s.radios
        .filter((band) => w!.radios[band]?.enabled)
        .map((band) => ({ ssid: s.name, band, channel: channelOf(band), clients: Math.round(fixedShare(serial, s.name, band) * 12 * load) })),
    );
  return { kind: 'wireless', entries };
}

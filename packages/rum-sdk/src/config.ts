/** What the snippet's script tag says (data-key, data-endpoint, data-sample, data-dnt, data-release). */
export interface RumConfig {
  endpoint: string;
  sample: number;
  honourDnt: boolean;
  release?: string;
}

/** The SDK's own script tag: the current one while it runs, else the snippet's tag found by its key. */
function ownScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement && current.dataset.endpoint) return current;
  return document.querySelector<HTMLScriptElement>('script[data-key][data-endpoint]');
}

export function readConfig(): RumConfig | null {
  const tag = ownScript();
  const endpoint = tag?.dataset.endpoint;
  if (!tag || !endpoint) return null;
  const sample = Number(tag.dataset.sample ?? '1');
  return {
    endpoint,
    sample: Number.isFinite(sample) ? Math.min(1, Math.max(0, sample)) : 1,
    honourDnt: tag.dataset.dnt === 'true',
    release: tag.dataset.release || undefined,
  };
}

/** Do Not Track or Global Privacy Control, as the browser says them. */
export function visitorOptsOut(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  const w = window as Window & { doNotTrack?: string };
  return nav.doNotTrack === '1' || nav.doNotTrack === 'yes' || w.doNotTrack === '1' || nav.msDoNotTrack === '1' || nav.globalPrivacyControl === true;
}

import type { IControl } from 'maplibre-gl';

const FIT_DEVICES_LABEL = 'Show all devices';

// Four corners pointing out: the usual "fit to view" sign.
const ICON =
  '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round">' +
  '<path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"/></svg>';

/**
 * A map button, under the zoom buttons, that brings every device back into view and lets the map
 * follow the fleet again after the user has moved it elsewhere.
 */
export class FitDevicesControl implements IControl {
  private container: HTMLDivElement | null = null;

  constructor(private readonly onFit: () => void) {}

  onAdd(): HTMLElement {
    const container = document.createElement('div');
    container.className = 'maplibregl-ctrl maplibregl-ctrl-group';
    const button = document.createElement('button');
    button.type = 'button';
    button.title = FIT_DEVICES_LABEL;
    button.setAttribute('aria-label', FIT_DEVICES_LABEL);
    button.style.display = 'grid';
    button.style.placeItems = 'center';
    button.innerHTML = ICON;
    button.addEventListener('click', () => this.onFit());
    container.append(button);
    this.container = container;
    return container;
  }

  onRemove(): void {
    this.container?.remove();
    this.container = null;
  }
}

import UAParser from 'ua-parser-js';

/** The device classes the RUM page breaks vitals down by. */
export const RUM_DEVICE_CLASSES = ['desktop', 'mobile', 'tablet', 'other'] as const;
export type RumDeviceClass = (typeof RUM_DEVICE_CLASSES)[number];

/**
 * ua-parser-js names a device type only for what is not a computer (mobile, tablet, console,
 * smarttv, wearable, embedded, xr); a browser with none is a desktop.
 */
export function deviceClassOf(deviceType: string | undefined): RumDeviceClass {
  if (!deviceType) return 'desktop';
  if (deviceType === 'mobile' || deviceType === 'wearable') return 'mobile';
  if (deviceType === 'tablet') return 'tablet';
  return 'other';
}

export interface RumClient {
  browser: string;
  os: string;
  device_class: RumDeviceClass;
}

/** The browser, OS and device class a user agent names ('Other' where it names none). */
export function parseRumClient(userAgent: string | undefined): RumClient {
  const r = new UAParser(userAgent ?? '').getResult();
  return {
    browser: (r.browser.name ?? 'Other').slice(0, 64),
    os: (r.os.name ?? 'Other').slice(0, 64),
    device_class: deviceClassOf(r.device.type),
  };
}

import { paths } from '../../../paths';

/**
 * Where choosing a device leads (spec 000 §2.19, 001 §2): back to the current page, except from a
 * dashboard or the tenant selection, which go to the device's own page.
 */
export function devicePickerTarget(product: 'sdwan' | 'ztna', current: { pathname: string; search: string }): string {
  const here = current.pathname;
  if (here.includes('dashboard') || here.includes('tenant-selection')) {
    return product === 'sdwan' ? paths.product.deviceStatus('sdwan') : paths.ztnaEndpointProfiles;
  }
  return `${here}${current.search}`;
}

import { snack } from '@/lib/notify';

/** Texts of spec 001 §8 that the session and connectivity handling shows. */
export const CATALOGUE = {
  refreshing: 'Refreshing You`r session, Please wait',
  sessionExpired: 'Your session has expired, Please Login Again',
  noConnectivity: 'No Connectivity detected',
  serverNotResponding: 'Server not responding',
  permissionDenied: 'Permission Denied',
  selectTenant: 'Please Select Tenant',
  selectDevice: 'Please Select Device',
  noDashboardToRedirect: 'Dashboard config not store the current dashboard to redirect',
} as const;

/** A request got no answer: offline browsers hear about their connection, online ones about the server. */
export function reportConnectivityFailure() {
  if (!navigator.onLine) {
    snack(CATALOGUE.noConnectivity, { id: 'connectivity', color: 'yellow', autoClose: false, action: { label: 'DISMISS' } });
  } else {
    snack(CATALOGUE.serverNotResponding, { id: 'connectivity', color: 'red' });
  }
}

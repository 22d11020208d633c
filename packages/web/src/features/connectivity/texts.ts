/** Texts of spec 000 §4 and 001 §8 (Connectivity, Update, slow internet), verbatim. */
export const CONNECTIVITY_TEXTS = {
  banner: (seconds: number) => `No Internet Connection. Connecting in ${seconds}s`,
  retry: 'Retry',
  offline: 'You are Offline!',
  online: "You're Online!",
  slow: "Loading...You'r Internet seems to be very slow",
  updating: 'Updating application',
  updateFailed: 'Update failed. Please refresh the page manually.',
  unrecoverable: 'The application has encountered an issue and needs to be reloaded.',
  reload: 'Reload',
} as const;

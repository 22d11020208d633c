/** Timings and limits of spec 000 §9 and 001 §9 that both sides rely on. */
export const REQUEST = {
  timeoutMs: 15_000,
  retries: 2,
  retryDelayMs: 200,
  /** Login, 2FA, social login, SSO and activation wait longer. */
  slowTimeoutMs: 30_000,
} as const;

export const TIMING = {
  splashMs: 1_000,
  toastMs: 3_000,
  snackbarMs: 3_000,
  refreshMessageMs: 2_000,
  permissionDeniedMs: 2_000,
  selectTenantSnackMs: 1_000,
  copyConfirmationMs: 2_000,
  socketRetryMs: 1_000,
  dashboardPollMs: 15_000,
  liveRequestMs: 10_000,
  tenantSelectedDebounceMs: 200,
} as const;

export const LAYOUT = {
  minAppWidthPx: 1000,
  sideMenuCollapsedPx: 45,
  sideMenuExpandedPx: 230,
} as const;

/** Refresh token cookie (the original's token cookie) lives 7 days with remember-me. */
export const REMEMBER_ME_DAYS = 7;

export const MAC_INSTALLER_VERSION = '2.1.10';

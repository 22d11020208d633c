import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { TIMING } from '@netloom/domain';
import { CLIENT_ERROR_CODES, isApiError } from '@/lib/http/api-error';
import { CATALOGUE, reportConnectivityFailure } from '@/lib/http/error-catalogue';
import { snack } from '@/lib/notify';
import { logout } from './logout';
import { sessionStore } from './session-store';
import { refreshAccessToken } from './token-refresh';

const EXPIRED_MODAL_ID = 'session-expired';
let expiredShown = false;

/** 'Your session has expired, Please Login Again' with OK, then logout (spec 001 §8). Shown once. */
function showSessionExpired() {
  if (expiredShown) return;
  expiredShown = true;
  modals.open({
    modalId: EXPIRED_MODAL_ID,
    title: 'Session expired',
    centered: true,
    withCloseButton: false,
    closeOnClickOutside: false,
    closeOnEscape: false,
    onClose: () => {
      expiredShown = false;
    },
    children: (
      <>
        <Text size="sm">{CATALOGUE.sessionExpired}</Text>
        <Group justify="flex-end" mt="lg">
          <Button
            onClick={() => {
              modals.close(EXPIRED_MODAL_ID);
              void logout();
            }}
          >
            OK
          </Button>
        </Group>
      </>
    ),
  });
}

let recovering: Promise<boolean> | null = null;

async function recover(): Promise<boolean> {
  const session = sessionStore.current();
  if (!session) return false;
  if (!session.remember) {
    showSessionExpired();
    return false;
  }
  try {
    await refreshAccessToken();
    snack(CATALOGUE.refreshing, { id: 'session-refresh', autoClose: TIMING.refreshMessageMs });
    return true;
  } catch (e) {
    // Without a connection the session may well still be valid: keep it (spec 001 §8).
    if (isApiError(e) && e.code === CLIENT_ERROR_CODES.network) {
      reportConnectivityFailure();
      return false;
    }
    showSessionExpired();
    return false;
  }
}

/**
 * The session part of the error catalogue, run when the server refuses the access token.
 * Resolves true when the caller should retry its request with the renewed token.
 */
export function recoverFromInvalidToken(): Promise<boolean> {
  recovering ??= recover().finally(() => {
    recovering = null;
  });
  return recovering;
}

import { CONNECTIVITY, TENANT_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { isApiError } from '@/lib/http/api-error';

/**
 * The console's backend check (spec 001 §7 Health: HEAD api/v1/tenant/data/{something}/). Only a
 * request that got no answer at all means offline (the spec's 'Unknown Error'); any HTTP answer,
 * even a 503 while the database restarts, proves the connection works.
 */
export async function backendAnswers(): Promise<boolean> {
  try {
    await api.head(TENANT_PATHS.health, { auth: false, retries: 0, timeoutMs: CONNECTIVITY.checkTimeoutMs });
    return true;
  } catch (e) {
    return !(isApiError(e) && e.isConnectivity);
  }
}

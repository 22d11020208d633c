import { APP_UPDATE } from '@netloom/domain';
import { snack } from '@/lib/notify';
import { CONNECTIVITY_TEXTS } from '../texts';

/** Update prompts close themselves after 30 s (spec 000 §9). */
export function notifyUpdateFailed(): void {
  snack(CONNECTIVITY_TEXTS.updateFailed, { id: 'app-update', color: 'red', autoClose: APP_UPDATE.promptAutoDismissMs });
}

export function notifyUnrecoverable(reload: () => void): void {
  snack(CONNECTIVITY_TEXTS.unrecoverable, {
    id: 'app-update',
    color: 'red',
    autoClose: APP_UPDATE.promptAutoDismissMs,
    action: { label: CONNECTIVITY_TEXTS.reload, onClick: reload },
  });
}

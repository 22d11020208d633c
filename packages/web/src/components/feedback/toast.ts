import { notifications } from '@mantine/notifications';
import { TIMING } from '@netloom/domain';

export type ToastAction = 'added' | 'edited' | 'deleted';

/** The toast texts of the error catalogue (spec 001 §8 'Toasts'). */
const toastMessages = {
  success: (item: string, action: ToastAction = 'added') => `${item} ${action} successfully`,
  defaultError: 'error',
  backupCompleted: 'Backup Process Completed',
} as const;

function show(message: string, color: 'green' | 'red' | 'blue') {
  notifications.show({ message, color, autoClose: TIMING.toastMs, withBorder: true });
}

/** Short confirmations after a change: 3 s (spec 000 §9), green for success and red for errors. */
export const toast = {
  /** '{item} added successfully', or edited / deleted. */
  success: (item: string, action: ToastAction = 'added') => show(toastMessages.success(item, action), 'green'),
  edited: (item: string) => show(toastMessages.success(item, 'edited'), 'green'),
  deleted: (item: string) => show(toastMessages.success(item, 'deleted'), 'green'),
  error: (message: string = toastMessages.defaultError) => show(message || toastMessages.defaultError, 'red'),
  info: (message: string) => show(message, 'blue'),
};

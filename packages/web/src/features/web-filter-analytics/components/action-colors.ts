/** One colour per decision everywhere (charts, badges): green lets through, red stops, yellow marks. */
export const ACTION_COLORS = { allowed: '#40c057', blocked: '#fa5252', logged: '#fab005' } as const;
export const ACTION_BADGE_COLORS = { allowed: 'green', blocked: 'red', logged: 'yellow' } as const;

/** The summary names actions 'allowed' or 'allow' depending on the bucket; both read the same. */
export function actionOfKey(key: string): keyof typeof ACTION_COLORS | null {
  const k = key.toLowerCase();
  if (k.startsWith('allow')) return 'allowed';
  if (k.startsWith('block')) return 'blocked';
  if (k.startsWith('log')) return 'logged';
  return null;
}

import { createHash } from 'node:crypto';
import { BOT_ACTED_CLASSES, type WafEdgeList } from '@netloom/domain';
import type { ApplicationRow } from './repo';
import type { BotSettingsRow } from './bot-repo';

/** A managed list's id: the same organisation and class give the same id on every render (a name-based UUID, version 5's layout). */
function managedListId(tenantId: string, cls: string): string {
  const h = createHash('sha1').update(`netloom-bot-list:${tenantId}:${cls}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
const LABEL = { verified_bot: 'verified bots', likely_bot: 'likely bots', automated: 'automated clients' } as const;
const EDGE_ACTION = { log: 'log', challenge: 'challenge', rate_limit: 'rate_limit', block: 'deny' } as const;

/**
 * Bot protection's managed lists as an application's edges apply them: for each class whose action
 * is not 'allow' (the application's own actions, else the organisation's), the class's current
 * addresses with what the edge does to them (block reuses the deny list, challenge the challenge list).
 */
export function botEdgeLists(app: Pick<ApplicationRow, 'id' | 'tenantId'>, bots: BotSettingsRow | null): WafEdgeList[] {
  if (!bots) return [];
  const actions = bots.settings.application_actions[app.id] ?? bots.settings.actions;
  return BOT_ACTED_CLASSES.flatMap((cls) => {
    const { action, requests_per_minute } = actions[cls];
    const cidrs = bots.members[cls] ?? [];
    if (action === 'allow' || cidrs.length === 0) return [];
    return [
      {
        id: managedListId(app.tenantId, cls),
        name: `Bot protection: ${LABEL[cls]}`,
        action: EDGE_ACTION[action],
        cidrs,
        bot_class: cls,
        ...(action === 'rate_limit' ? { requests_per_minute } : {}),
      },
    ];
  });
}

import { eq, inArray } from 'drizzle-orm';
import type { WafBotSettings } from '@netloom/domain';
import type { Db } from '../../db/client';
import { wafBotSettings } from '../../db/schema/waf';

export type BotSettingsRow = typeof wafBotSettings.$inferSelect;
export type BotMembers = BotSettingsRow['members'];

export async function findBotSettings(db: Db, tenantId: string): Promise<BotSettingsRow | null> {
  const [row] = await db.select().from(wafBotSettings).where(eq(wafBotSettings.tenantId, tenantId));
  return row ?? null;
}

/** The rows of some organisations (the owners of the applications an edge serves). */
export function botSettingsOf(db: Db, tenantIds: readonly string[]): Promise<BotSettingsRow[]> {
  return tenantIds.length
    ? db
        .select()
        .from(wafBotSettings)
        .where(inArray(wafBotSettings.tenantId, [...tenantIds]))
    : Promise.resolve([]);
}

/** Every organisation that keeps bot protection settings: the managed lists' sweep. */
export function allBotSettings(db: Db): Promise<BotSettingsRow[]> {
  return db.select().from(wafBotSettings);
}

export async function saveBotSettings(
  db: Db,
  tenantId: string,
  defaults: WafBotSettings,
  patch: Partial<Pick<BotSettingsRow, 'settings' | 'members' | 'membersAt' | 'blockedKeys' | 'updatedAt'>>,
): Promise<void> {
  await db
    .insert(wafBotSettings)
    .values({ tenantId, settings: defaults, ...patch })
    .onConflictDoUpdate({ target: wafBotSettings.tenantId, set: patch });
}

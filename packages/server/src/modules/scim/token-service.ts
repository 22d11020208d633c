import { createHash, randomBytes } from 'node:crypto';
import type { Role, ScimToken, ScimTokenCreated } from '@netloom/domain';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import { findTenant } from '../../identity/repo';
import * as repo from './repo';

/** Tokens start with this, so a leaked one is recognised for what it is (secret scanners, logs). */
const TOKEN_PREFIX = 'nlscim_';
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The tenant a presented token stands for: what every SCIM call acts in. */
export interface ScimCaller {
  tenantId: string;
  tenantName: string;
  tokenId: string;
  tokenName: string;
  defaultRole: Role;
}

const toDto = (r: repo.TokenRow): ScimToken => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  default_role: r.defaultRole as ScimToken['default_role'],
  created_at: r.createdAt.toISOString(),
  created_by: r.createdBy,
  last_used_at: r.lastUsedAt?.toISOString() ?? null,
});

/** Owners give an identity provider a token; the provider's calls are the tenant's from then on, until it is revoked. */
export class ScimTokenService {
  constructor(private readonly db: Db) {}

  async list(actor: Actor): Promise<ScimToken[]> {
    return (await repo.listTokens(this.db, actor.scope.tenantId)).map(toDto);
  }

  async create(actor: Actor, body: { name: string; default_role: Role }): Promise<ScimTokenCreated> {
    const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = await this.db.transaction(async (tx) => {
      const row = await repo.insertToken(tx, {
        id: crypto.randomUUID(),
        tenantId: actor.scope.tenantId,
        name: body.name,
        tokenHash: hashOf(token),
        prefix: token.slice(0, TOKEN_PREFIX.length + 6),
        defaultRole: body.default_role,
        createdBy: actor.email,
      });
      await audit(tx, actor, 'scim.token_created', body.name, { prefix: row.prefix, default_role: body.default_role });
      return row;
    });
    return { ...toDto(row), token };
  }

  async revoke(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await repo.deleteToken(tx, actor.scope.tenantId, id);
      if (!row) throw errors.notFound();
      await audit(tx, actor, 'scim.token_revoked', row.name, { prefix: row.prefix });
    });
  }

  /** The caller behind a bearer token, or null: unknown, revoked, or its organisation suspended or gone. */
  async authenticate(presented: string): Promise<ScimCaller | null> {
    if (!presented.startsWith(TOKEN_PREFIX) || presented.length > 200) return null;
    const row = await repo.findTokenByHash(this.db, hashOf(presented));
    if (!row) return null;
    const tenant = await findTenant(this.db, row.tenantId);
    if (!tenant || tenant.suspended) return null;
    await repo.touchToken(this.db, row.id);
    return { tenantId: row.tenantId, tenantName: tenant.name, tokenId: row.id, tokenName: row.name, defaultRole: row.defaultRole };
  }
}

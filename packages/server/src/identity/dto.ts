import type { Tenant, User } from '@netloom/domain';
import type { MembershipView, TenantRow, UserRow } from './repo';

/** The signed-in user as the console sees them; the first membership is their home tenant. */
export function toUserDto(user: UserRow, memberships: MembershipView[]): User {
  const home = memberships[0];
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    companyName: user.companyName,
    timezone: user.timezone,
    isSuperAdmin: user.isSuperAdmin,
    isSupportEngineer: user.isSupportEngineer,
    twoFactorEnabled: user.twoFactorEnabled,
    tenantId: home?.tenantId ?? null,
    tenantName: home?.tenantName ?? null,
    role: home?.role ?? null,
  };
}

export function toTenantDto(row: TenantRow): Tenant {
  return {
    id: row.id,
    tenantname: row.name,
    subscriptions: row.subscriptions,
    all_product_access: row.allProductAccess,
    suspended: row.suspended,
    created_at: row.createdAt.toISOString(),
  };
}

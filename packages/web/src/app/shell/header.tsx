import { ActionIcon, Badge, Box, Group, Menu, Tooltip } from '@mantine/core';
import { IconBuildingCog, IconKey, IconSettings, IconUser } from '@tabler/icons-react';
import { SupportMenu } from './support-menu';
import { Link, useLocation, useNavigate } from 'react-router';
import { canManageSso, type User } from '@netloom/domain';
import { paths } from '@/paths';
import { Logo, LogoMark } from '@/components/logo';
import { ProfileMenu } from '@/components/profile-menu';
import { useActiveDashboard } from '@/lib/active-dashboard';
import { useDashboardConfig, productFlagsOf } from '@/features/tenants/api/get-dashboard-config';
import { TenantSelector } from '@/features/tenants/components/tenant-selector';
import { DeviceGroupSelector } from '@/features/devices/components/device-group-selector';
import { DevicePicker } from '@/features/devices/components/device-picker';
import { NotificationBell } from '@/features/alarms/components/notification-bell';
import { AnnouncementsButton } from '@/features/announcements/components/announcements-button';
import { GlobalSearch } from '@/features/search/global-search';
import { WafHeaderSelectors } from '@/features/waf/components/waf-header-selectors';
import { tenantIdFor, useSelectedTenant } from '@/lib/tenant-selection';
import { DashboardSwitcher } from './dashboard-switcher';

export const HEADER_HEIGHT = 56;

export function Header({ user }: { user: User }) {
  const navigate = useNavigate();
  const active = useActiveDashboard();
  const config = useDashboardConfig();
  const flags = config.data ? productFlagsOf(config.data, user) : null;
  const home = user.isSuperAdmin ? paths.superAdmin.tenant : paths.root;
  const tenantId = tenantIdFor(user, useSelectedTenant());
  // Device group and device pickers belong to the SD-WAN and ZTNA consoles of a chosen tenant.
  const onWafPage = useLocation().pathname.startsWith('/waf/');
  const fleetProduct = tenantId && (active === 'sdwan' || active === 'ztna') ? active : null;

  return (
    <Group
      component="header"
      h={HEADER_HEIGHT}
      px="md"
      justify="space-between"
      wrap="nowrap"
      pos="fixed"
      top={0}
      left={0}
      right={0}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 210, borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="md" wrap="nowrap">
        {/* The name holds the logo's visible word, so a speech user who says "Netloom" reaches it (WCAG 2.5.3). */}
        <Link to={home} aria-label="Netloom home" style={{ textDecoration: 'none' }}>
          {/* Below 1200 px the mark alone, so the pickers, the search box and the icons fit the 1000 px minimum. */}
          <Box visibleFrom="lg">
            <Logo />
          </Box>
          <Box hiddenFrom="lg">
            <LogoMark />
          </Box>
        </Link>
        {/* A super admin moves between tenants, not products (spec 000 §6). */}
        {user.isSuperAdmin ? <TenantSelector /> : <DashboardSwitcher active={active} flags={flags} />}
        {user.isSuperAdmin && (
          <Badge variant="light" color="grape" radius="sm">
            Super Admin
          </Badge>
        )}
        {/* data-tour: where the guided tours point (spec 000 §2.17). */}
        {fleetProduct === 'sdwan' && tenantId && (
          <Box data-tour="network">
            <DeviceGroupSelector tenantId={tenantId} />
          </Box>
        )}
        {fleetProduct && tenantId && (
          <Box data-tour="device">
            <DevicePicker key={`${tenantId}-${fleetProduct}`} product={fleetProduct} tenantId={tenantId} />
          </Box>
        )}
        {/* The WAF device and domain selectors belong to QShield's pages of a chosen tenant. */}
        {onWafPage && tenantId && <WafHeaderSelectors key={tenantId} />}
      </Group>
      {/* Close together: at the console's 1000 px minimum the search box, six icons and the profile fit. */}
      <Group gap={4} wrap="nowrap">
        {/* The search box and its hotkey (data-tour="search"); super admins have none. */}
        <GlobalSearch user={user} flags={flags} active={active} />
        {/* Tenants' users read announcements (with their unread count); super admins post them. */}
        <AnnouncementsButton
          to={user.isSuperAdmin ? paths.superAdmin.announcements : paths.announcements}
          tenantId={user.isSuperAdmin ? null : user.tenantId}
        />
        {tenantId && (
          <Box data-tour="notifications">
            <NotificationBell tenantId={tenantId} timezone={user.timezone} />
          </Box>
        )}
        {/* Raise a Ticket, Track Status: a tenant's users (and a super admin in a chosen tenant). */}
        {tenantId && (
          <Box data-tour="support">
            <SupportMenu />
          </Box>
        )}
        {tenantId && (
          <Tooltip label="Settings">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              component={Link}
              to={paths.settings.dashboardSettings}
              aria-label="Settings"
              data-tour="settings"
            >
              <IconSettings size={20} />
            </ActionIcon>
          </Tooltip>
        )}
        <Box data-tour="profile">
          <ProfileMenu user={user}>
            <Menu.Item leftSection={<IconUser size={16} />} onClick={() => navigate(paths.settings.profile)}>
              Profile
            </Menu.Item>
            <Menu.Item leftSection={<IconBuildingCog size={16} />} onClick={() => navigate(paths.settings.organisation)}>
              Organisation settings
            </Menu.Item>
            {canManageSso(user) && (
              <Menu.Item leftSection={<IconKey size={16} />} onClick={() => navigate(paths.settings.sso)}>
                Single sign-on
              </Menu.Item>
            )}
            <Menu.Divider />
          </ProfileMenu>
        </Box>
      </Group>
    </Group>
  );
}

import { Badge, NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { canManageTenant, canReadLogs, type User } from '@netloom/domain';
import { useActiveDashboard } from '@/lib/active-dashboard';
import { useSelectedTenant } from '@/lib/tenant-selection';
import { tourLauncher } from '@/features/tours/tour-launcher';
import { LiveChatEntry } from '@/features/chat/components/live-chat-entry';
import { sideMenuEntries, type MenuEntry } from './side-menu-items';
import classes from './side-menu.module.css';

function isActive(pathname: string, to: string | undefined) {
  return !!to && (pathname === to || pathname.startsWith(`${to}/`));
}

// A closed group still points the tours at itself for the entries it hides.
const groupTourKeys = (entry: MenuEntry) => [entry.tour, ...(entry.children ?? []).map((c) => c.tour)].filter(Boolean).join(' ') || undefined;

function Entry({ entry, pathname, onQuickTour }: { entry: MenuEntry; pathname: string; onQuickTour: () => void }) {
  const Icon = entry.icon;
  const icon = <Icon size={20} stroke={1.6} />;
  if (entry.children) {
    const open = entry.children.some((c) => isActive(pathname, c.to));
    return (
      <NavLink
        className={classes.link}
        // A button, not Mantine's default link without an address: Tab reaches it and Enter opens its entries.
        component="button"
        label={entry.label}
        leftSection={icon}
        defaultOpened={open}
        active={open}
        variant="subtle"
        childrenOffset={0}
        data-tour={groupTourKeys(entry)}
      >
        <div className={classes.children}>
          {entry.children.map((c) => (
            <NavLink key={c.to} className={classes.child} component={Link} to={c.to} label={c.label} active={isActive(pathname, c.to)} data-tour={c.tour} />
          ))}
        </div>
      </NavLink>
    );
  }
  if (entry.liveChat) return <LiveChatEntry className={classes.link} label={entry.label} icon={icon} tour={entry.tour} />;
  if (entry.quickTour) {
    return <NavLink className={classes.link} component="button" onClick={onQuickTour} label={entry.label} leftSection={icon} data-tour={entry.tour} />;
  }
  if (entry.soon || !entry.to) {
    return (
      <NavLink
        className={classes.link}
        label={entry.label}
        leftSection={icon}
        rightSection={
          <Badge size="xs" variant="light" color="gray">
            Soon
          </Badge>
        }
        disabled
      />
    );
  }
  return (
    <NavLink
      className={classes.link}
      component={Link}
      to={entry.to}
      label={entry.label}
      leftSection={icon}
      active={isActive(pathname, entry.to)}
      data-tour={entry.tour}
    />
  );
}

export function SideMenu({ user, top }: { user: User; top: number }) {
  const { pathname } = useLocation();
  const product = useActiveDashboard();
  const tenant = useSelectedTenant();
  const tenantSelected = user.isSuperAdmin ? tenant !== null : user.tenantId !== null;
  // Quick Tour runs the open product's tour on demand; the entry is only there on SD-WAN and ZTNA.
  const quickTour = () => {
    if (product === 'sdwan' || product === 'ztna') tourLauncher.start(product);
  };
  const entries = sideMenuEntries({ product, isSuperAdmin: user.isSuperAdmin, tenantSelected, showLogs: canReadLogs(user), canManage: canManageTenant(user) });
  return (
    <nav className={classes.nav} style={{ top }} aria-label="Main menu">
      {entries.map((e) => (
        <Entry key={e.label} entry={e} pathname={pathname} onQuickTour={quickTour} />
      ))}
    </nav>
  );
}

import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { LAYOUT } from '@netloom/domain';
import { useCurrentUser } from '@/lib/session/session-store';
import { TourHost } from '@/features/tours/components/tour-host';
import { ChatHost } from '@/features/chat/components/chat-host';
import { Header, HEADER_HEIGHT } from './header';
import { SideMenu } from './side-menu';

/** Header and side menu around every page of a signed-in, non-guest user. */
export function ConsoleLayout() {
  const user = useCurrentUser();
  // Logout clears the session a moment before the router leaves this layout.
  if (!user) return null;
  return (
    <Box miw={LAYOUT.minAppWidthPx}>
      {/* The first Tab of every page: past the header and the side menu to the page itself (WCAG 2.4.1). */}
      <a href="#main-content" className="skip-link">
        Skip to content
      </a>
      <Header user={user} />
      <SideMenu user={user} top={HEADER_HEIGHT} />
      <Box component="main" id="main-content" tabIndex={-1} pt={HEADER_HEIGHT + 24} pb={40} pl={LAYOUT.sideMenuCollapsedPx + 32} pr={32}>
        <Outlet />
      </Box>
      <TourHost userId={user.id} />
      <ChatHost user={user} />
    </Box>
  );
}

import { useState } from 'react';
import { Affix, Button } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import { Outlet, useLocation } from 'react-router';
import type { UserQuerySource } from '@netloom/domain';
import { paths } from '@/paths';
import { ContactSupportDialog } from '@/features/support/components/contact-support-dialog';

/** Which visitor page a question comes from, as User Queries lists it. */
const sourceOf = (pathname: string): UserQuerySource =>
  pathname.startsWith(paths.auth.freeTrial) ? 'free-trial' : pathname.startsWith(paths.auth.signUp) ? 'sign-up' : 'login';

/**
 * The visitor pages (login, sign-up, free trial…) with a way to ask the provider a question
 * before there is an account to raise a ticket from: it reaches Super Admin → User Queries.
 */
export function VisitorPagesRoute() {
  const { pathname } = useLocation();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Outlet />
      <Affix position={{ bottom: 20, right: 20 }}>
        <Button variant="default" leftSection={<IconMessageQuestion size={16} />} onClick={() => setAsking(true)}>
          Have a question?
        </Button>
      </Affix>
      <ContactSupportDialog opened={asking} onClose={() => setAsking(false)} source={sourceOf(pathname)} />
    </>
  );
}

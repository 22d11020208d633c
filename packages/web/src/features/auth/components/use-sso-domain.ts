import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { emailDomain, isEmail } from '@netloom/domain';
import { fetchUserDomain } from '@/features/auth/api/sso';

/**
 * Whether what is typed as the login is an e-mail whose domain signs in with single sign-on,
 * asked once the typing pauses; null until known (and for usernames). One answer per domain.
 */
export function useSsoDomain(login: string) {
  const [typed] = useDebouncedValue(login.trim().toLowerCase(), 350);
  const email = isEmail(typed) ? typed : null;
  const answer = useQuery({
    queryKey: ['auth', 'user-domain', email ? emailDomain(email) : null],
    queryFn: ({ signal }) => fetchUserDomain(email!, signal),
    enabled: email !== null,
    staleTime: 60_000,
    retry: false,
  });
  return email && answer.data ? answer.data : null;
}

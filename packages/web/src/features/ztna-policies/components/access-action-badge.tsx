import { Badge } from '@mantine/core';

/** Allow green, deny red, everywhere on the page; the text is not upper-cased so what is read is what is shown. */
export function AccessActionBadge({ action, size = 'md' }: { action: 'allow' | 'deny'; size?: 'md' | 'lg' }) {
  return (
    <Badge color={action === 'allow' ? 'green' : 'red'} variant={size === 'lg' ? 'filled' : 'light'} size={size} tt="none" miw="max-content">
      {action === 'allow' ? 'Allow' : 'Deny'}
    </Badge>
  );
}

import { Text } from '@mantine/core';

/** A request's URL in a log table: broken anywhere (URLs have no spaces), whole on hover. */
export function UrlText({ url, minWidth }: { url: string; minWidth: string }) {
  return (
    <Text size="sm" title={url} miw={minWidth} style={{ wordBreak: 'break-all' }}>
      {url}
    </Text>
  );
}

import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { secondsUntil } from '@netloom/domain';
import type { ConnectivityMonitor } from '../connectivity-monitor';
import { CONNECTIVITY_TEXTS } from '../texts';

/** Re-renders every second while `active`, so a countdown moves. */
function useSecondTick(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * 'No Internet Connection. Connecting in {n}s' with Retry while the backend does not answer, and the
 * slow-internet notice while a check is taking long (spec 000 §4, 001 §8).
 */
export function InternetBanner({ monitor }: { monitor: ConnectivityMonitor }) {
  const state = useSyncExternalStore(monitor.subscribe, monitor.snapshot);
  const now = useSecondTick(!state.reachable);
  if (state.reachable && !state.slow) return null;
  return (
    <Paper
      role="alert"
      shadow="md"
      radius={0}
      px="md"
      py={6}
      bg={state.reachable ? 'yellow.1' : 'red.1'}
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }}
    >
      <Group justify="center" gap="md" wrap="nowrap">
        {!state.reachable && (
          <>
            <IconWifiOff size={18} aria-hidden />
            <Text size="sm" fw={500}>
              {CONNECTIVITY_TEXTS.banner(secondsUntil(state.nextCheckAt, now))}
            </Text>
            <Button size="compact-sm" variant="white" color="red" loading={state.checking} onClick={monitor.retry}>
              {CONNECTIVITY_TEXTS.retry}
            </Button>
          </>
        )}
        {state.slow && <Text size="sm">{CONNECTIVITY_TEXTS.slow}</Text>}
      </Group>
    </Paper>
  );
}

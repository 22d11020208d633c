import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconChartBarOff } from '@tabler/icons-react';

interface ChartErrorBoundaryProps {
  children: ReactNode;
  /** Kept visible in the fallback so the user knows which widget failed. */
  title?: string;
  /** The failed chart's height, so the page layout holds still. */
  height?: number | string;
  onError?: (error: Error, info: ErrorInfo) => void;
}

interface ChartErrorBoundaryState {
  error: Error | null;
}

/**
 * Catches a chart that throws (bad data, a drawing error) so one failing widget never blanks
 * the page (DESIGN.md). Retry renders the chart again: data refreshed since may now draw.
 */
export class ChartErrorBoundary extends Component<ChartErrorBoundaryProps, ChartErrorBoundaryState> {
  override state: ChartErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): ChartErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  private retry = () => this.setState({ error: null });

  override render() {
    if (!this.state.error) return this.props.children;
    const { title, height = 200 } = this.props;
    return (
      <Paper withBorder p="sm" role="alert" mih={height} display="flex">
        <Stack align="center" justify="center" gap={6} flex={1}>
          <IconChartBarOff size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
          {title && (
            <Text size="sm" fw={600}>
              {title}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            Chart unavailable
          </Text>
          <Button size="xs" variant="light" onClick={this.retry}>
            Retry
          </Button>
        </Stack>
      </Paper>
    );
  }
}

import { Component, type ReactNode } from 'react';
import { MapUnavailable } from './map-unavailable';

interface MapErrorBoundaryProps {
  children: ReactNode;
  height: number | string;
}

/**
 * Catches a map that throws while rendering, or a map chunk that fails to download, so one
 * failing widget never blanks the dashboard (DESIGN.md). Like the charts' boundary, but with the
 * map's own panel so every map failure looks the same to the user.
 */
export class MapErrorBoundary extends Component<MapErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <MapUnavailable reason="crashed" height={this.props.height} onRetry={() => this.setState({ failed: false })} />;
  }
}

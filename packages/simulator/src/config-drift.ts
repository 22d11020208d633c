import type { ConfigDocument } from '@netloom/domain';

/** Someone changed the configuration on the box: a route appears that the console never saved. */
export function withLocalRoute(config: ConfigDocument): ConfigDocument {
  const routes = config.static_routes ?? [];
  const lan = config.interfaces?.lan[0];
  const local = {
    id: crypto.randomUUID(),
    name: `local-${routes.length + 1}`,
    destination: `10.254.${routes.length % 256}.0/24`,
    gateway: lan ? lan.ip : '10.254.0.1',
    metric: 0,
    enabled: true,
  };
  return { ...config, static_routes: [...routes, local] };
}

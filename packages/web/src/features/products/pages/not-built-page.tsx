import { Paper } from '@mantine/core';
import { IconBarrierBlock } from '@tabler/icons-react';
import { dashboardName, type ProductKey } from '@netloom/domain';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';

export interface NotBuiltSpec {
  title: string;
}

/**
 * The spec's pages this version of the console does not have, by the title a visitor knows them
 * by. Only what is truly missing: a page that is built is routed to, and a path the spec does not
 * name is a 404, never a notice naming a page that works elsewhere. A product not built yet is
 * named by its dashboard name (product-routes.tsx).
 */
export const NOT_BUILT = {
  /** A configuration family of the spec still to come (config-family-route.tsx). */
  configure: { title: 'Device Configuration' },
  configTemplates: { title: 'Config Templates' },
} as const satisfies Record<string, NotBuiltSpec>;
export type NotBuiltKey = keyof typeof NOT_BUILT;

/**
 * A page this version does not have says only that: no promise of what will come, and no empty
 * state inviting to create what cannot be created here.
 */
export function NotBuiltPage({ page, product }: { page: NotBuiltSpec; product?: ProductKey }) {
  return (
    <>
      <PageHeader title={page.title} subtitle={product ? dashboardName(product) : undefined} />
      <Paper withBorder>
        <EmptyState
          icon={<IconBarrierBlock size={32} stroke={1.5} />}
          title={`${page.title} is not built in this version`}
          description="This version of Netloom does not have this page."
        />
      </Paper>
    </>
  );
}

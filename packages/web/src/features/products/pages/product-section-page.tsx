import { Paper } from '@mantine/core';
import { IconDevices } from '@tabler/icons-react';
import { dashboardName, type ProductKey } from '@netloom/domain';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { CATALOGUE } from '@/lib/http/error-catalogue';
import { storage } from '@/lib/storage';

export interface SectionSpec {
  title: string;
  /** The spec's empty state for the section (spec 001 §2). */
  empty: string;
  description?: string;
  /** Device configuration and status pages work on the selected device. */
  needsDevice?: boolean;
}

/** A product section whose data screens arrive with later issues: its name and its empty state. */
export function ProductSectionPage({ product, section }: { product?: ProductKey; section: SectionSpec }) {
  const device = section.needsDevice ? storage.selectedDevice() : null;
  const missingDevice = section.needsDevice && !device;
  return (
    <>
      <PageHeader title={section.title} subtitle={product ? dashboardName(product) : undefined} />
      <Paper withBorder>
        {missingDevice ? (
          <EmptyState
            icon={<IconDevices size={32} stroke={1.5} />}
            title={CATALOGUE.selectDevice}
            description="Choose a device to see its configuration and status."
          />
        ) : (
          <EmptyState title={section.empty} description={section.description} />
        )}
      </Paper>
    </>
  );
}

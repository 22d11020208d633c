import { PageHeader } from '@/components/page-header';
import { SettingsPanel } from '@/features/tenant-settings/components/settings-panel';

/** 'Settings' under 'Dashboard' (route settings/dashboard-settings, spec 000 §2.12). */
export function TenantSettingsPage() {
  return (
    <>
      <PageHeader title="Settings" subtitle="Dashboard settings of the organisation" />
      <SettingsPanel />
    </>
  );
}

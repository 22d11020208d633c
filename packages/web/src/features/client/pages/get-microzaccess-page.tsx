import { Anchor, Group, Paper, Skeleton, Tabs, Text } from '@mantine/core';
import { IconBrandApple, IconBrandUbuntu, IconBrandWindows } from '@tabler/icons-react';
import { MAC_INSTALLER_VERSION } from '@netloom/domain';
import { PageHeader } from '@/components/page-header';
import { ErrorPanel } from '@/components/error-panel';
import { usePackagePaths } from '@/features/client/api/get-package-paths';
import { AFTER_INSTALL_STEPS, InstallSteps, type InstallStep } from '@/features/client/components/install-steps';

function link(href: string, label: string) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer">
      {label}
    </Anchor>
  );
}

/** Install guide for the MicroZAccess client (spec 000 §2.9). */
export function GetMicroZAccessPage() {
  const packages = usePackagePaths();
  if (packages.isError) return <ErrorPanel onRetry={() => void packages.refetch()} />;
  const p = packages.data;

  const windows: InstallStep[] = [
    { title: 'Download', body: p ? <>Download the {link(p.Windows, 'Windows installer (.msi)')}.</> : <Skeleton h={16} w={240} /> },
    { title: 'Install', body: 'Run the installer and follow the prompts; administrator rights are required.' },
    ...AFTER_INSTALL_STEPS,
  ];
  const mac: InstallStep[] = [
    {
      title: 'Download',
      body: p ? (
        <>
          Download version {MAC_INSTALLER_VERSION} for {link(p.macOS, 'Mac with Intel chip (.pkg)')} or {link(p['macOS-arm'], 'Mac with Apple chip (.pkg)')}.
        </>
      ) : (
        <Skeleton h={16} w={280} />
      ),
    },
    { title: 'Install', body: 'Open the package and follow the installer; allow the network extension when macOS asks.' },
    ...AFTER_INSTALL_STEPS,
  ];
  const linux: InstallStep[] = [
    { title: 'Download', body: p ? <>Download the {link(p['Linux-UI'], 'Linux package (.deb)')}.</> : <Skeleton h={16} w={240} /> },
    {
      title: 'Install',
      body: (
        <>
          Install it with{' '}
          <Text span ff="monospace" size="sm">
            sudo apt install ./microzaccess*.deb
          </Text>
          .
        </>
      ),
    },
    ...AFTER_INSTALL_STEPS,
  ];

  return (
    <>
      <PageHeader title="Get MicroZAccess" subtitle="Install the zero-trust client on your users’ devices." />
      <Paper withBorder p="lg">
        <Tabs defaultValue="windows">
          <Tabs.List>
            <Tabs.Tab value="windows" leftSection={<IconBrandWindows size={16} />}>
              Windows
            </Tabs.Tab>
            <Tabs.Tab value="mac" leftSection={<IconBrandApple size={16} />}>
              Mac
            </Tabs.Tab>
            <Tabs.Tab value="linux" leftSection={<IconBrandUbuntu size={16} />}>
              Linux
            </Tabs.Tab>
          </Tabs.List>
          <Group p="md" align="flex-start">
            <Tabs.Panel value="windows">
              <InstallSteps steps={windows} />
            </Tabs.Panel>
            <Tabs.Panel value="mac">
              <InstallSteps steps={mac} />
            </Tabs.Panel>
            <Tabs.Panel value="linux">
              <InstallSteps steps={linux} />
            </Tabs.Panel>
          </Group>
        </Tabs>
      </Paper>
    </>
  );
}

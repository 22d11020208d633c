import type { ReactNode } from 'react';
import { Anchor, Skeleton, Tabs, Text, Timeline } from '@mantine/core';
import { IconBrandApple, IconBrandUbuntu, IconBrandWindows } from '@tabler/icons-react';
import { MAC_INSTALLER_VERSION } from '@netloom/domain';
import { usePackagePaths } from '@/features/ztna-onboarding/api/get-package-paths';

interface Step {
  title: string;
  body: ReactNode;
}

const link = (href: string, label: string) => (
  <Anchor href={href} target="_blank" rel="noopener noreferrer">
    {label}
  </Anchor>
);

/** The steps after the installer (spec 000 §2.9), with enrolment by key when the admin handed one out. */
const afterInstall = (withKey: boolean): Step[] => [
  withKey
    ? { title: 'Enrol', body: 'Open MicroZAccess, choose Enrol with a key and paste the key; the client joins the organisation.' }
    : { title: 'Sign in', body: 'Open MicroZAccess and sign in with your e-mail and password, your organisation’s SSO, or Google.' },
  { title: 'Default profile', body: 'A default profile named mza appears.' },
  { title: 'Connect', body: 'Use the toggle next to the profile to connect.' },
  { title: 'Manage profiles', body: 'Add or edit profiles at any time from the client’s dashboard.' },
];

function Steps({ steps }: { steps: Step[] }) {
  return (
    <Timeline active={steps.length} bulletSize={22} lineWidth={2} mt="md">
      {steps.map((s, i) => (
        <Timeline.Item
          key={s.title}
          title={s.title}
          bullet={
            <Text size="xs" fw={700}>
              {i + 1}
            </Text>
          }
        >
          <Text c="dimmed" size="sm">
            {s.body}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** Download links and install steps for Windows, Mac (installer 2.1.10) and Linux (spec 000 §2.9). */
export function InstallGuide({ withKey = false }: { withKey?: boolean }) {
  const packages = usePackagePaths();
  const p = packages.data;
  const wait = <Skeleton h={16} w={240} />;
  const failed = <Text size="sm">The installer links could not be loaded; use the Get MicroZAccess page.</Text>;
  const download = (body: (paths: NonNullable<typeof p>) => ReactNode) => (packages.isError ? failed : p ? body(p) : wait);

  const windows: Step[] = [
    { title: 'Download', body: download((x) => <>Download the {link(x.Windows, 'Windows installer (.msi)')}.</>) },
    { title: 'Install', body: 'Run the installer and follow the prompts; administrator rights are required.' },
    ...afterInstall(withKey),
  ];
  const macSteps: Step[] = [
    {
      title: 'Download',
      body: download((x) => (
        <>
          Download version {MAC_INSTALLER_VERSION} for {link(x.macOS, 'Mac with Intel chip (.pkg)')}
          {x['macOS-arm'] ? <> or {link(x['macOS-arm'], 'Mac with Apple chip (.pkg)')}</> : null}.
        </>
      )),
    },
    { title: 'Install', body: 'Open the package and follow the installer; allow the network extension when macOS asks.' },
    ...afterInstall(withKey),
  ];
  const linux: Step[] = [
    { title: 'Download', body: download((x) => <>Download the {link(x['Linux-UI'], 'Linux package (.deb)')}.</>) },
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
    ...afterInstall(withKey),
  ];

  return (
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
      <Tabs.Panel value="windows">
        <Steps steps={windows} />
      </Tabs.Panel>
      <Tabs.Panel value="mac">
        <Steps steps={macSteps} />
      </Tabs.Panel>
      <Tabs.Panel value="linux">
        <Steps steps={linux} />
      </Tabs.Panel>
    </Tabs>
  );
}

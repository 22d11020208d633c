import { useState } from 'react';
import { Alert, Button, Code, FileInput, Group, List, Paper, ScrollArea, Stack, Textarea, Title } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { canWriteConfig, type WafApplication } from '@netloom/domain';
import { ErrorPanel } from '@/components/error-panel';
import { CardSkeleton } from '@/components/feedback/skeletons';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage, serverFieldErrors } from '@/lib/forms';
import { useCurrentUser } from '@/lib/session/session-store';
import { useWafPolicyAsCode } from '@/features/waf/api/get-policy-as-code';
import { useImportPolicyAsCode } from '@/features/waf/api/import-policy-as-code';
import { PolicyPageFrame } from '@/features/waf/components/policy-page-frame';

/** Saves text as a file the browser downloads. */
function saveText(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/yaml' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** QShield › Organization › Policy as Code: an application's policy as a YAML document, out and back in. */
export function PacPage() {
  return (
    <PolicyPageFrame
      title="Policy as Code"
      subtitle="Export an application's policy as YAML to keep it in a repository; import a changed one as a new revision"
    >
      {(app) => <PolicyAsCode key={app.id} application={app} />}
    </PolicyPageFrame>
  );
}

function PolicyAsCode({ application }: { application: WafApplication }) {
  const user = useCurrentUser();
  const writer = user ? canWriteConfig(user) : false;
  const [exported, setExported] = useState(false);
  const doc = useWafPolicyAsCode(application.id, exported);
  const importer = useImportPolicyAsCode(application.id);
  const [yaml, setYaml] = useState('');
  const problems = importer.error ? Object.entries(serverFieldErrors(importer.error)) : [];
  const fileName = `${application.name.replace(/[^\w.-]+/g, '-')}-waf-policy.yaml`;

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="md">
            Export
          </Title>
          <Group gap="xs">
            <Button variant="default" onClick={() => (exported ? void doc.refetch() : setExported(true))} loading={doc.isFetching}>
              Export
            </Button>
            <Button leftSection={<IconDownload size={16} />} disabled={!doc.data} onClick={() => doc.data && saveText(doc.data.yaml, fileName)}>
              Download YAML
            </Button>
          </Group>
        </Group>
        {doc.isError && <ErrorPanel onRetry={() => void doc.refetch()} />}
        {doc.isLoading && <CardSkeleton height={160} />}
        {doc.data && (
          <ScrollArea.Autosize mah={420}>
            <Code block aria-label="Policy YAML">
              {doc.data.yaml}
            </Code>
          </ScrollArea.Autosize>
        )}
      </Paper>
      {writer && (
        <Paper withBorder p="md">
          <Title order={2} fz="md" mb="sm">
            Import
          </Title>
          <Stack gap="sm">
            <Textarea label="Policy YAML" autosize minRows={6} maxRows={20} ff="monospace" value={yaml} onChange={(e) => setYaml(e.currentTarget.value)} />
            <FileInput label="…or a YAML file" accept=".yaml,.yml" clearable onChange={(f) => f && void f.text().then(setYaml)} />
            {importer.isError && (
              <Alert color="red" title={formErrorMessage(importer.error)} role="alert">
                {problems.length > 0 && (
                  <List size="sm">
                    {problems.map(([field, message]) => (
                      <List.Item key={field}>
                        <Code>{field}</Code> {message}
                      </List.Item>
                    ))}
                  </List>
                )}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button
                leftSection={<IconUpload size={16} />}
                disabled={yaml.trim() === ''}
                loading={importer.isPending}
                onClick={() => importer.mutate(yaml, { onSuccess: () => toast.info('Policy imported as a new revision') })}
              >
                Import
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

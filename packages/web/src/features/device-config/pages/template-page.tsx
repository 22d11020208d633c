import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Anchor, Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { canWriteConfig } from '@netloom/domain';
import { confirm } from '@/components/dialogs/confirm';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session/session-store';
import { paths } from '@/paths';
import { useDeleteTemplate, useSaveTemplateSection, useTemplate } from '@/features/device-config/api/templates';
import { OperationProgress } from '@/features/device-config/components/operation-progress';
import { TemplateGroups } from '@/features/device-config/components/template-groups';
import { TemplatePreviewPanel } from '@/features/device-config/components/template-preview';
import { TemplateVariables } from '@/features/device-config/components/template-variables';
import { FAMILY_PAGES } from '@/features/device-config/families';

/** One config template: its families, variables, the device groups that use it, and preview and apply. */
export function TemplatePage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { templateId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const template = useTemplate(templateId);
  const saveSection = useSaveTemplateSection(templateId);
  const remove = useDeleteTemplate();
  const [tab, setTab] = useState<string>(params.get('operation') ? 'apply' : 'families');
  if (!user) return null;
  const writer = canWriteConfig(user);
  if (template.isError) return <ErrorPanel onRetry={() => void template.refetch()} />;
  const t = template.data;
  const operation = params.get('operation');
  const drop = async (family: string, title: string) => {
    if (!(await confirm({ title: `Remove ${title} from the template?`, message: 'Devices keep what they run until the template is applied.' }))) return;
    await saveSection.mutateAsync({ family: family as never, section: null }).then(
      () => void template.refetch(),
      () => toast.error(),
    );
  };
  return (
    <>
      <PageHeader
        title={t ? `Config Template: ${t.name}` : 'Config Template'}
        subtitle={t?.description ?? undefined}
        actions={
          writer && (
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={async () => {
                if (!(await confirm({ title: 'Delete this template?', message: 'Devices keep what they run; it is taken off every device group and device.' })))
                  return;
                await remove.mutateAsync(templateId).then(
                  () => {
                    toast.deleted('Config template');
                    void navigate(paths.product.configTemplates('sdwan'));
                  },
                  () => toast.error(),
                );
              }}
            >
              Delete
            </Button>
          )
        }
      />
      <Anchor component={Link} to={paths.product.configTemplates('sdwan')} size="sm" mb="sm" display="block">
        ← Config Templates
      </Anchor>
      <Paper withBorder p="md">
        <Tabs value={tab} onChange={(v) => v && setTab(v)}>
          <Tabs.List mb="md">
            <Tabs.Tab value="families">Families</Tabs.Tab>
            <Tabs.Tab value="variables">Variables</Tabs.Tab>
            <Tabs.Tab value="groups">Device groups</Tabs.Tab>
            <Tabs.Tab value="apply">Preview and apply</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="families">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
              {FAMILY_PAGES.map((spec) => {
                const included = t?.sections[spec.family] !== undefined;
                return (
                  <Card key={spec.family} withBorder data-testid={`template-family-${spec.route}`}>
                    <Stack gap={6}>
                      <Group justify="space-between">
                        <Anchor component={Link} to={paths.product.templateFamily('sdwan', spec.route, templateId)} fw={600}>
                          {spec.title}
                        </Anchor>
                        <Badge variant="light" color={included ? 'blue' : 'gray'}>
                          {included ? 'In template' : 'Not set'}
                        </Badge>
                      </Group>
                      <Text size="sm" c="dimmed">
                        {spec.subtitle}
                      </Text>
                      {included && writer && (
                        <Anchor component="button" size="sm" c="red" onClick={() => void drop(spec.family, spec.title)}>
                          Remove from template
                        </Anchor>
                      )}
                    </Stack>
                  </Card>
                );
              })}
            </SimpleGrid>
          </Tabs.Panel>
          <Tabs.Panel value="variables">{t && <TemplateVariables template={t} writer={writer} />}</Tabs.Panel>
          <Tabs.Panel value="groups">
            {t && (
              <TemplateGroups
                templateId={templateId}
                writer={writer}
                onPushed={(id) => {
                  setParams({ operation: id });
                  setTab('apply');
                }}
              />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="apply">
            <Stack gap="lg">
              {tab === 'apply' && <TemplatePreviewPanel templateId={templateId} writer={writer} onApplied={(id) => setParams({ operation: id })} />}
              {operation && <OperationProgress operationId={operation} />}
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </>
  );
}

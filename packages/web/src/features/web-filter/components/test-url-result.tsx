import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TestUrlResult, UrlAction, WebFilterRule } from '@netloom/domain';
import { Fact } from '@/components/fact';

const ACTION_LOOK: Record<UrlAction, { label: string; color: string }> = {
  allowed: { label: 'Allowed', color: 'green' },
  blocked: { label: 'Blocked', color: 'red' },
  logged: { label: 'Allowed and logged', color: 'yellow' },
};

const RULE_LABEL: Record<WebFilterRule, string> = {
  'filter-off': 'Web filter off',
  'custom-allow': 'Allowed URL',
  'custom-block': 'Blocked URL',
  'ip-allow': 'Allowed IP',
  'ip-block': 'Blocked IP',
  application: 'Application',
  'category-allow': 'Allowed category',
  'category-block': 'Category',
  default: 'Default action',
};

/** Who decided when no policy did: the organisation's lists, the default, or nobody (filter off). */
function decidedBy(r: TestUrlResult): string {
  if (r.policy) return `Policy '${r.policy.name}'`;
  if (r.rule === 'custom-allow' || r.rule === 'custom-block') return 'Organisation URL lists';
  if (r.rule === 'default') return 'Default action';
  return 'Nobody: the web filter is off';
}

/** What matched, by name: a category or application id means little to an admin. */
function matchedText(r: TestUrlResult): string | null {
  if (r.rule === 'category-allow' || r.rule === 'category-block') return r.category.name;
  if (r.rule === 'application') return r.application?.name ?? r.matched;
  return r.matched;
}

/** The Test-a-URL answer: the decision, who made it with which rule, and why. */
export function TestUrlResultView({ result }: { result: TestUrlResult }) {
  const look = ACTION_LOOK[result.action];
  const matched = matchedText(result);
  return (
    <Paper withBorder p="sm" data-testid="test-url-result" aria-label="Test result">
      <Stack gap="xs">
        <Group gap="sm">
          <Badge color={look.color} size="lg" variant="filled">
            {look.label}
          </Badge>
          <Text size="sm" fw={500}>
            {decidedBy(result)}
          </Text>
        </Group>
        <Text size="sm" data-testid="test-url-reason">
          {result.reason}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <Fact label="Rule" value={matched ? `${RULE_LABEL[result.rule]}: ${matched}` : RULE_LABEL[result.rule]} />
          <Fact label="Domain" value={result.domain} />
          <Fact label="Category" value={result.category.name} />
          <Fact label="Application" value={result.application?.name ?? '—'} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { DEM_SCORE_FORMULA_TEXT, DEM_SCORE_RULES, type DemComponentRule } from '@netloom/domain';

const value = (v: number, unit: DemComponentRule['unit']) => `${v}${unit === '%' ? '%' : unit ? ` ${unit}` : ''}`;

/**
 * The experience score's formula, as the domain computes it: the rule in words and each
 * component's weight and thresholds, so a reader can tell why a score is what it is.
 */
export function ScoreFormula() {
  const weights = DEM_SCORE_RULES.reduce((sum, r) => sum + r.weight, 0);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="dem-formula-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="dem-formula-title">
          How the experience score is made
        </Title>
        <Text size="sm">{DEM_SCORE_FORMULA_TEXT}</Text>
        <Table striped withTableBorder aria-label="Score components">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Component</Table.Th>
              <Table.Th ta="right">Weight</Table.Th>
              <Table.Th ta="right">Good (100)</Table.Th>
              <Table.Th ta="right">Poor (0)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {DEM_SCORE_RULES.map((r) => (
              <Table.Tr key={r.key}>
                <Table.Td>{r.label}</Table.Td>
                <Table.Td ta="right">{r.weight === 0 ? 'Scales the score' : `${Math.round((r.weight / weights) * 100)}%`}</Table.Td>
                <Table.Td ta="right">{value(r.good, r.unit)}</Table.Td>
                <Table.Td ta="right">{value(r.poor, r.unit)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}

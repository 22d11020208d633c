import { Accordion, List, Text } from '@mantine/core';

/** The order evaluate.ts decides in, in the admin's words: knowing it is what makes the list's order meaningful. */
export function EvaluationOrder() {
  return (
    <Accordion variant="contained" chevronPosition="left">
      <Accordion.Item value="order">
        <Accordion.Control>
          <Text size="sm" fw={500}>
            How a request is decided
          </Text>
        </Accordion.Control>
        <Accordion.Panel>
          <List type="ordered" size="sm" spacing={4}>
            <List.Item>With the web filter off, every request goes through.</List.Item>
            <List.Item>The organisation&apos;s allowed URLs, then its blocked URLs, before any policy.</List.Item>
            <List.Item>
              The enabled policies from the top: a policy decides when it applies to the user, their group, the endpoint or its device group, its schedule
              holds, and one of its rules matches — allowed URLs, allowed IPs, blocked URLs, blocked IPs, applications, allowed categories, then categories. The
              first policy that decides wins.
            </List.Item>
            <List.Item>Otherwise the default action.</List.Item>
          </List>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

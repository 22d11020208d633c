import { useState, type ReactNode } from 'react';
import { Button, Code, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import type { Place } from '@netloom/domain';
import { ChipInput } from '@/components/inputs/chip-input';
import { TypedTextInput } from '@/components/inputs/typed-text-input';
import { GeoSuggestInput } from '@/components/inputs/geo-suggest-input';
import { MultiSelectField, SelectField, type SelectOption } from '@/components/inputs/select-field';
import { DateTimeRangePicker } from '@/components/inputs/date-time-range-picker';
import { dateRangeError, EMPTY_DATE_RANGE } from '@netloom/domain';

const ZONES: SelectOption[] = ['Europe', 'North America', 'South America', 'Asia', 'Africa', 'Oceania'].map((z) => ({
  value: z.toLowerCase().replace(' ', '-'),
  label: z,
}));
const PROTOCOLS: SelectOption[] = ['TCP', 'UDP', 'ICMP'].map((p) => ({ value: p.toLowerCase(), label: p }));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

/** Dev gallery: every shared input with sample data, wired so each can be tried by hand. */
export function InputsGallery() {
  const [ips, setIps] = useState(['10.0.0.1', '192.168.1.1']);
  const [ports, setPorts] = useState<string[]>([]);
  const [text, setText] = useState<Record<string, string>>({});
  const [place, setPlace] = useState<Place | null>(null);
  const [zone, setZone] = useState<string | null>(null);
  const [protocol, setProtocol] = useState<string | null>('tcp');
  const [zones, setZones] = useState<string[]>([]);
  const [range, setRange] = useState(EMPTY_DATE_RANGE);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const field = (key: string) => ({ value: text[key] ?? '', onChange: (v: string) => setText((t) => ({ ...t, [key]: v })) });

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Section title="Chip input">
        <ChipInput data-testid="gallery-chip-input" type="ip" label="Allowed IPs" value={ips} onChange={setIps} />
        <ChipInput type="portRange" label="Ports or ranges (required)" placeholder="443 or 8000:8080" value={ports} onChange={setPorts} required />
        <ChipInput type="ip" label="Disabled" value={['172.16.0.1', '172.16.0.2']} onChange={() => {}} disabled />
      </Section>
      <Section title="Text inputs">
        <TypedTextInput type="ip" label="IP" {...field('ip')} />
        <TypedTextInput type="subnet" label="Subnet" {...field('subnet')} />
        <TypedTextInput type="ip-fqdn" label="IP, subnet or FQDN" {...field('ipFqdn')} />
        <TypedTextInput type="port" label="Port" {...field('port')} />
        <TypedTextInput type="required" label="Name" {...field('name')} noSpecialChars />
        <TypedTextInput type="number" label="Number" {...field('number')} />
        <TypedTextInput type="password" label="Password" {...field('password')} required />
      </Section>
      <Section title="Location">
        <GeoSuggestInput label="Site location" value={place} onChange={setPlace} />
        <Code block>{place ? JSON.stringify(place, null, 2) : 'no place chosen'}</Code>
      </Section>
      <Section title="Selects">
        <SelectField label="Protocol (3 options, no search)" options={PROTOCOLS} value={protocol} onChange={setProtocol} />
        <SelectField label="Zone (6 options, searchable)" options={ZONES} value={zone} onChange={setZone} clearable />
        <MultiSelectField label="Zones with select all" options={ZONES} value={zones} onChange={setZones} selectAll />
      </Section>
      <Section title="Date/time range">
        <DateTimeRangePicker
          value={range}
          onChange={(v) => {
            setRange(v);
            setRangeError(null);
          }}
          minDate="2024-01-01"
          error={rangeError}
        />
        <Button variant="light" onClick={() => setRangeError(dateRangeError(range, { submit: true, minDate: '2024-01-01' }))}>
          Validate
        </Button>
        <Code block>{JSON.stringify(range)}</Code>
      </Section>
    </SimpleGrid>
  );
}

import { useState, type ReactNode } from 'react';
import { SegmentedControl } from '@mantine/core';
import { SelectField, type SelectOption } from '@/components/inputs/select-field';

/** Whom a policy check asks about: a user, an endpoint (with the user signed in on it), or anyone. */
type RequesterKind = 'user' | 'endpoint' | 'anyone';

const KIND_LABELS: Record<RequesterKind, string> = { user: 'User', endpoint: 'Endpoint', anyone: 'Anyone' };

/** The requester being chosen: its kind, and the user and the endpoint picked so far. */
export interface Requester {
  kind: RequesterKind;
  user: string | null;
  endpoint: string | null;
}

/** The requester a check starts from (a user, none picked yet) and its setter. */
export function useRequester() {
  return useState<Requester>({ kind: 'user', user: null, endpoint: null });
}

export interface RequesterFieldsProps {
  /** The choice's accessible name ('Test for'). */
  label: string;
  kinds: readonly RequesterKind[];
  value: Requester;
  onChange: (value: Requester) => void;
  /** The tenant's users, offered by their e-mail address. */
  users: readonly { email: string }[];
  endpoints: SelectOption[];
  /** The check needs someone: a pick cannot be taken back by choosing it again. */
  required?: boolean;
  error?: string;
  /** Shown under the endpoint picker (its configuration state). */
  endpointNote?: ReactNode;
}

/** The requester of an explain tool ("Test a URL", "Who can reach what"): the kind, then the user or endpoint. */
export function RequesterFields({ label, kinds, value, onChange, users, endpoints, required = false, error, endpointNote }: RequesterFieldsProps) {
  const pick = { error, searchable: true, clearable: true, allowDeselect: !required };
  const userOptions = users.map((u) => ({ value: u.email.toLowerCase(), label: u.email.toLowerCase() }));
  return (
    <>
      <SegmentedControl
        aria-label={label}
        data={kinds.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
        value={value.kind}
        onChange={(v) => onChange({ ...value, kind: v as RequesterKind })}
      />
      {value.kind === 'user' && (
        <SelectField
          label="User"
          placeholder="Pick a user"
          options={userOptions}
          value={value.user}
          onChange={(user) => onChange({ ...value, user })}
          {...pick}
        />
      )}
      {value.kind === 'endpoint' && (
        <>
          <SelectField
            label="Endpoint"
            placeholder="Pick an endpoint"
            options={endpoints}
            value={value.endpoint}
            onChange={(endpoint) => onChange({ ...value, endpoint })}
            {...pick}
          />
          {endpointNote}
        </>
      )}
    </>
  );
}

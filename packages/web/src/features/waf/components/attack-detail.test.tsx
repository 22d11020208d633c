import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '@/test/render';
import type { WafAttackRow } from '@/features/waf/api/get-waf-attacks';
import { AttackDetail } from './attack-detail';
import { parameterOf } from './exclude-link';
import { APP_ID } from './fake-waf-api';

const attack: WafAttackRow = {
  id: 'at-1',
  at: '2026-11-30T12:00:00Z',
  application_id: APP_ID,
  application: 'shop',
  edge: 'pop-fra',
  host: 'shop.example.com',
  client_ip: '198.51.100.7',
  country: 'DE',
  method: 'GET',
  path: '/search?q=1%27%20OR%201=1',
  status: 403,
  action: 'blocked',
  category: 'sqli',
  anomaly_score: 10,
  rules: [
    {
      id: 942100,
      message: 'SQL Injection Attack Detected via libinjection',
      data: "Matched Data: s&1 found within ARGS:q: 1' OR 1=1",
      tags: ['attack-sqli'],
      severity: 2,
    },
    { id: 949110, message: 'Inbound Anomaly Score Exceeded (Total Score: 10)', data: '', tags: [], severity: null },
  ],
  user_agent: 'curl/8.5.0',
};

const render = (writer: boolean) =>
  renderWithProviders(
    <MemoryRouter>
      <AttackDetail attack={attack} timezone="UTC" writer={writer} />
    </MemoryRouter>,
  );

describe('an attack event', () => {
  it("links 'Exclude this rule for this path' to the policy with the rule, the path without its query, and the parameter", () => {
    render(true);
    const links = screen.getAllByRole('link', { name: 'Exclude this rule for this path' });
    // The anomaly-score rule says that the request was blocked, not why: it has no exclusion link.
    expect(links).toHaveLength(1);
    const href = new URL(links[0]!.getAttribute('href')!, 'http://console.test');
    expect(href.pathname).toBe('/waf/organization/waf-policy');
    expect(Object.fromEntries(href.searchParams)).toEqual({ application: APP_ID, exclude_rule: '942100', path: '/search', parameter: 'q' });
    expect(screen.getByText('SQL Injection Attack Detected via libinjection')).toBeTruthy();
    expect(screen.getByText('attack-sqli')).toBeTruthy();
  });

  it('offers no exclusion to a viewer', () => {
    render(false);
    expect(screen.queryByRole('link', { name: 'Exclude this rule for this path' })).toBeNull();
  });

  it('finds the parameter a rule matched in', () => {
    expect(parameterOf('Matched Data: x found within ARGS_POST:user[name]: x')).toBe('user[name]');
    expect(parameterOf('Matched Data: x found within REQUEST_HEADERS:User-Agent: x')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { viewFromParams, viewToParams } from './table-url-params';

const dashboard = { pageSizes: [5, 10, 15, 20, 'None'] as const, defaultPageSize: 10 };
const read = (query: string) => viewFromParams(new URLSearchParams(query), dashboard);

describe('table view in the URL', () => {
  it('reads search, page, rows per page and sort', () => {
    expect(read('q=edge%201&page=2&size=None&sort=-name')).toEqual({ search: 'edge 1', page: 2, pageSize: 'None', sort: { key: 'name', desc: true } });
    expect(read('sort=location').sort).toEqual({ key: 'location', desc: false });
  });

  it('falls back to the defaults for anything it cannot use', () => {
    const defaults = { search: '', page: 1, pageSize: 10, sort: null };
    expect(read('')).toEqual(defaults);
    expect(read('page=abc&size=7&sort=-')).toEqual(defaults);
    for (const page of ['0', '-2', '1.5', '2e3', '99999999999']) expect(read(`page=${page}`).page).toBe(1);
    // The generic table's sizes are not the dashboard's.
    expect(viewFromParams(new URLSearchParams('size=25')).pageSize).toBe(25);
    expect(read('size=25').pageSize).toBe(10);
  });

  it("writes only what differs from the defaults and keeps the page's other params", () => {
    const base = new URLSearchParams('status=offline&os=linux&page=4');
    const next = viewToParams({ search: 'mumbai', page: 1, pageSize: 10, sort: null }, base, dashboard);
    expect(next.toString()).toBe('status=offline&os=linux&q=mumbai');
    const all = viewToParams({ search: '', page: 3, pageSize: 'None', sort: { key: 'name', desc: false } }, new URLSearchParams(), dashboard);
    expect(Object.fromEntries(all)).toEqual({ page: '3', size: 'None', sort: 'name' });
  });

  it('reads back what it writes', () => {
    const view = { search: '  a&b=c ', page: 7, pageSize: 5, sort: { key: 'wan.0.status', desc: true } };
    expect(read(viewToParams(view, new URLSearchParams(), dashboard).toString())).toEqual(view);
  });
});

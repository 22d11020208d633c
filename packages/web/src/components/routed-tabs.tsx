import type { ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Tabs } from '@mantine/core';

export interface RoutedTab {
  /** The sub-path after the page's own path, as the spec names it (may hold a slash). */
  route: string;
  label: string;
}

/**
 * The tab named by the page's sub-path (its splat), the first one for any other, and a way to
 * open another tab that keeps the query (device, window) so a shared link shows the same view.
 */
export function useRoutedTab<T extends RoutedTab>(tabs: readonly [T, ...T[]]) {
  const { '*': rest = '' } = useParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const sub = rest.replace(/\/+$/, '');
  const tab = tabs.find((t) => sub === t.route || sub.startsWith(`${t.route}/`)) ?? tabs[0];
  // The page's own path is what precedes the splat; relative '..' would break on a bare page path.
  const base = pathname.slice(0, pathname.length - rest.length).replace(/\/+$/, '');
  const open = (route: string) => void navigate({ pathname: `${base}/${route}`, search });
  return { tab, open };
}

interface RoutedTabsProps {
  tabs: readonly RoutedTab[];
  /** The open tab's route; null when the URL names none of them (no tab is selected). */
  value: string | null;
  onChange: (route: string) => void;
  /** The open tab's content: only that one is rendered, so hidden tabs fetch nothing. */
  children: ReactNode;
}

/**
 * The tab strip of a page with the open tab's content under it. Every tab gets its panel, the
 * closed ones empty and hidden, so each tab's aria-controls names an element that exists and a
 * screen reader can move from a tab to its content.
 */
export function RoutedTabs({ tabs, value, onChange, children }: RoutedTabsProps) {
  return (
    <Tabs value={value} onChange={(v) => v && v !== value && onChange(v)}>
      <Tabs.List mb="md">
        {tabs.map((t) => (
          <Tabs.Tab key={t.route} value={t.route}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((t) => (
        <Tabs.Panel key={t.route} value={t.route}>
          {t.route === value ? children : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

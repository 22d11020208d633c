import { useParams } from 'react-router';
import { FamilyPage } from '@/features/device-config/engine/family-page';
import { familyPage } from '@/features/device-config/families';
import { NOT_BUILT, NotBuiltPage } from '@/features/products/pages/not-built-page';

/** `device/configure/<family>/<tab>` and its template twin: the family's page, or the notice of a family still to come. */
export function ConfigFamilyRoute({ mode }: { mode: 'device' | 'template' }) {
  const { family, '*': rest = '' } = useParams();
  const spec = familyPage(family);
  if (!spec) return <NotBuiltPage product="sdwan" page={NOT_BUILT.configure} />;
  // The tab of the URL opens when the page starts: a link to another tab of the same family (the
  // header's search) starts the page again on that tab.
  const tab = rest.split('/')[0] ?? '';
  return <FamilyPage key={`${mode}-${spec.route}-${tab}`} spec={spec} mode={mode} />;
}

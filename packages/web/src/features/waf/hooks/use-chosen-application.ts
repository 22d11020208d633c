import { useSearchParams } from 'react-router';
import { useWafApplications } from '@/features/waf/api/get-waf-applications';
import { useChooseWaf, useWafSelection } from './waf-selection';

/**
 * The application a policy page edits: `?application=` of a link (the attack page's exclusion),
 * else the header's domain, else the first one. Choosing one here chooses it in the header too.
 */
export function useChosenApplication() {
  const applications = useWafApplications();
  const [params, setParams] = useSearchParams();
  const { applicationId: headerId } = useWafSelection();
  const choose = useChooseWaf();
  const list = applications.data ?? [];
  const wanted = params.get('application') ?? headerId;
  const application = list.find((a) => a.id === wanted) ?? list[0] ?? null;
  const setApplication = (id: string) => {
    choose({ applicationId: id });
    setParams(
      (p) => {
        p.set('application', id);
        return p;
      },
      { replace: true },
    );
  };
  return { applications, application, setApplication };
}

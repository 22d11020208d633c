import { useState } from 'react';
import type { WafPolicy } from '@netloom/domain';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage, type FormErrors } from '@/lib/forms';
import { useSaveWafPolicy } from '@/features/waf/api/save-waf-policy';
import { policyErrors, serverPolicyErrors } from './policy-errors';

/** Saving a policy: checked with the domain's whole-policy rules first, the server's messages by path after. */
export function usePolicySave(appId: string | null) {
  const save = useSaveWafPolicy(appId);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (policy: WafPolicy, message: string): Promise<boolean> => {
    const problems = policyErrors(policy);
    if (problems) {
      setErrors(problems);
      setFormError('Some fields need a change: see the messages below.');
      return false;
    }
    setErrors({});
    setFormError(null);
    try {
      await save.mutateAsync({ policy, message });
      toast.edited('Policy');
      return true;
    } catch (e) {
      setErrors(serverPolicyErrors(e));
      setFormError(formErrorMessage(e));
      return false;
    }
  };
  return { submit, errors, formError, busy: save.isPending };
}

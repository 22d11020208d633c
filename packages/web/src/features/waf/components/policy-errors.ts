import { checkedWafPolicySchema } from '@netloom/domain';
import { fullPathErrors, serverFieldErrors, type FormErrors } from '@/lib/forms';

/** The policy's own messages keyed by their whole path ('custom_rules.0.rule'), as the server names them. */
export function policyErrors(values: unknown): FormErrors | null {
  return fullPathErrors(checkedWafPolicySchema, values);
}

/** A 400's field messages of a saved policy: the body is `{ policy, message }`, the form is the policy. */
export function serverPolicyErrors(e: unknown): FormErrors {
  return Object.fromEntries(Object.entries(serverFieldErrors(e)).map(([k, v]) => [k.replace(/^policy\./, ''), v]));
}

/** The first message at `path` or under it. */
export function errorAt(errors: FormErrors, path: string): string | undefined {
  if (errors[path]) return errors[path];
  const nested = Object.keys(errors).find((k) => k.startsWith(`${path}.`));
  return nested ? errors[nested] : undefined;
}

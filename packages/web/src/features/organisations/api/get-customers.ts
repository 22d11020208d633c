import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerListSchema, ORG_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { CUSTOMERS_KEY } from './save-tenant';

const customersQueryOptions = () =>
  queryOptions({
    queryKey: CUSTOMERS_KEY,
    queryFn: ({ signal }) => api.get(ORG_PATHS.customers, customerListSchema, { query: { page_size: 0 }, signal }),
  });

/** Every tenant as a customer: owner, subscriptions, devices and users (super admin). */
export function useCustomers() {
  return useQuery(customersQueryOptions());
}

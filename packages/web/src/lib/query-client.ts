import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './http/api-error';
import { reportConnectivityFailure } from './http/error-catalogue';

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => {
      // Connectivity failures get the catalogue's global notice; everything else is shown by the
      // screen that asked (error panel, form message).
      if (isApiError(error) && error.isConnectivity) reportConnectivityFailure();
    },
  }),
  defaultOptions: {
    queries: {
      // The HTTP client already retries what is worth retrying.
      retry: false,
      staleTime: 30_000,
    },
  },
});

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commercialDataSchema, DEVICE_PATHS, type CommercialData } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { commercialKey } from './get-commercial-data';

/** The call replaces the whole map (spec 001 §7): the client always sends everything it holds. */
function saveCommercialData(tenantId: string, data: CommercialData): Promise<CommercialData> {
  return api.post(DEVICE_PATHS.commercial, commercialDataSchema.parse(data), commercialDataSchema, { query: { tid: tenantId } });
}

export function useSaveCommercialData(tenantId: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (data: CommercialData) => {
      if (!tenantId) throw new Error('No tenant selected');
      return saveCommercialData(tenantId, data);
    },
    onSuccess: (saved) => qc.setQueryData(commercialKey(tenantId), saved),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupCreateBodySchema, groupSchema, groupUpdateBodySchema, ORG_PATHS } from '@netloom/domain';
import { z } from 'zod';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';
import { groupsKey } from './get-groups';

/** The group form: name and description (members are chosen in the members dialog). */
export const groupFormSchema = z.object({ name: groupCreateBodySchema.shape.name, description: groupCreateBodySchema.shape.description });
export type GroupForm = z.input<typeof groupFormSchema>;

/** Creates a group, or renames / re-describes one when an id is given. */
export function useSaveGroup() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: ({ id, ...form }: GroupForm & { id?: string }) =>
      id
        ? api.put(ORG_PATHS.group(id), groupUpdateBodySchema.parse(form), groupSchema, { query: tidQuery(tid) })
        : api.post(ORG_PATHS.groups, groupCreateBodySchema.parse(form), groupSchema, { query: tidQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsKey(tid) }),
  });
}

/**
 * One change to a server-only entity (funnels, pixels: not in the offline cache, every change needs a connection):
 * the call, the pt-BR success toast, and the entity's queries read again. A failure is toasted once, by the mutation
 * cache (lib/query-client.ts): the server's message, else `failed`.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from './toast.ts';

type Options<Variables, Answer> = {
  call: (variables: Variables) => Promise<Answer>;
  /** The docs' failure text, shown when the server gave none. */
  failed: string;
  succeeded: string;
  /** The queries read again after the change. */
  invalidates: QueryKey;
  /** Read them again after a failure too (the call may have changed what they show). */
  refreshOnFailure?: boolean;
};

export function useEntityMutation<Variables, Answer>({ call, failed, succeeded, invalidates, refreshOnFailure = false }: Options<Variables, Answer>) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: invalidates });
  return useMutation({
    mutationFn: call,
    meta: { errorMessage: failed },
    onSuccess: () => {
      toast.success(succeeded);
      // Awaited, so whoever awaits the change sees the list already read again.
      return refreshOnFailure ? undefined : refresh();
    },
    onSettled: refreshOnFailure ? () => refresh() : undefined,
  });
}

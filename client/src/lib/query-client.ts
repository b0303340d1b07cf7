/**
 * TanStack Query setup. Failures become toasts in one place (docs/style.md#errors: "one client path turns failures into toasts"):
 * a query names its fixed pt-BR text in `meta.errorMessage` (docs/product.md#toasts load errors); a mutation's toast prefers the
 * server's message (ApiError) over its `meta.errorMessage`. A failure that ended the session shows nothing here:
 * the session-expired path has its own toast.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { toast } from './toast.ts';
import { isWorkspaceLost, leaveLostWorkspace } from './workspace.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorMessage?: string };
    /** `toastId`: one toast for the action, replaced by its next failure and dismissable by its success. */
    mutationMeta: { errorMessage?: string; toastId?: string };
  }
}

const isSessionEnd = (error: unknown) => error instanceof ApiError && error.sessionExpired;

/** Removed from the workspace acted in: one toast says so and the member moves home (lib/workspace.ts), not one per query. */
function endedMembership(error: unknown): boolean {
  if (!isWorkspaceLost(error)) return false;
  void leaveLostWorkspace();
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        const message = query.meta?.errorMessage;
        if (endedMembership(error)) return;
        if (message && !isSessionEnd(error)) toast.error(message, { id: message });
      },
    }),
    mutationCache: new MutationCache({
      onError(error, _variables, _context, mutation) {
        const fallback = mutation.meta?.errorMessage;
        if (endedMembership(error) || !fallback || isSessionEnd(error)) return;
        const id = mutation.meta?.toastId;
        toast.error(error instanceof ApiError ? error.message : fallback, id ? { id } : undefined);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not get better by asking again; network hiccups and 5xx get one more try.
        retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

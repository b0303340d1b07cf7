// First: configures zod before any module builds a schema (without loading zod itself).
import './lib/zod-without-eval.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { onSessionExpired } from './lib/api.ts';
import { SESSION_EXPIRED_MESSAGE } from './lib/api-client.ts';
import { createQueryClient } from './lib/query-client.ts';
import { loginSearch } from './lib/safe-redirect.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { prepareSessionStore, sessionStore } from './lib/session-store.ts';
import { toast } from './lib/toast.ts';
import { onWorkspaceChanged } from './lib/workspace.ts';
import { createAppRouter } from './router.tsx';

// The offline engine (Dexie) loads with the signed-in screens, not with /login: the gate imports it only when an
// update is found (the worker has precached its chunk, so this works offline too).
if (import.meta.env.PROD) {
  void registerServiceWorker({ pendingChanges: async () => (await import('./offline/engine.ts')).pendingChangesNow() });
}

/**
 * A signed-in visit reads the stored session with the shared schemas, loaded first; a signed-out one needs none. A
 * function rather than a top-level await: with one, the bundler splits every route module out of the entry chunk.
 */
function start() {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, session: sessionStore() });

  // A refused refresh already cleared the session; say why once and go to the login screen, which brings the user
  // back to this page after signing in. The user's outbox stays on this device and resumes when they sign in again.
  onSessionExpired(() => {
    queryClient.clear();
    toast.error(SESSION_EXPIRED_MESSAGE, { id: 'session-expired' });
    void router.navigate({ to: '/login', search: loginSearch(router.state.location.href), replace: true });
  });

  // Acting in another workspace: nothing cached of the previous one may show; its start screen opens.
  onWorkspaceChanged(() => {
    queryClient.clear();
    void router.navigate({ to: '/', replace: true });
  });

  const root = document.getElementById('root');
  if (!root) throw new Error('#root não encontrado em index.html');

  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void prepareSessionStore().then(start);

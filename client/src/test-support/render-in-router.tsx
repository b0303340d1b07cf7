import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, type ReactNode } from 'react';
import { render } from './render.tsx';

/** Mounts `ui` as the page of a memory router at `/`, for components that hold router links. */
export async function renderInRouter(ui: ReactNode) {
  const router = createRouter({ routeTree: createRootRoute({ component: () => ui }), history: createMemoryHistory({ initialEntries: ['/'] }) });
  const mounted = await render(<RouterProvider router={router} />);
  await act(async () => router.load());
  return mounted;
}

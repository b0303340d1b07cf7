/**
 * The route table: one line per API route (method and path exactly as Elysia registers them) with its pt-BR summary,
 * its shared input and answer schemas and its own error codes. The OpenAPI document (../openapi-document.ts) is
 * generated from it, and route-table.test.ts holds it equal to the routes the app registers and to the route
 * fixtures, so a route cannot be added, removed or given another schema without the table following.
 * A new route: one line in the group file of its area (or a new group listed here).
 */
import { ACCESS_ROUTES } from './access.ts';
import { ACCOUNT_ROUTES } from './account.ts';
import { BOT_ROUTES } from './bots.ts';
import { BROADCAST_ROUTES } from './broadcasts.ts';
import { CONTACT_ROUTES } from './contacts.ts';
import { FLOW_ROUTES } from './flows.ts';
import { FUNNEL_ROUTES } from './funnels.ts';
import { INBOX_ROUTES } from './inbox.ts';
import { INTEGRATION_ROUTES } from './integrations.ts';
import { TEAM_ROUTES } from './team.ts';
import type { RouteDoc, RouteGroup } from './route-doc.ts';

export type { RouteDoc, RouteGroup } from './route-doc.ts';

const DOCS_ROUTES: RouteGroup = {
  tag: 'Documentação',
  description: 'Este documento e a página de referência.',
  routes: {
    'GET /api/openapi.json': { summary: 'Baixa este documento OpenAPI 3.1', public: true, media: 'attachment/json' },
    'GET /api/docs': { summary: 'Abre a referência da API', public: true, hidden: 'the HTML page that renders this document' },
    'GET /api/docs/scalar.js': { summary: 'Script da página de referência', public: true, hidden: "the reference page's script (Scalar)" },
    'GET /api/docs/init.js': { summary: 'Script da página de referência', public: true, hidden: "the reference page's options" },
  },
};

export const ROUTE_GROUPS: readonly RouteGroup[] = [
  BOT_ROUTES, FLOW_ROUTES, CONTACT_ROUTES, INBOX_ROUTES, BROADCAST_ROUTES, FUNNEL_ROUTES, ACCESS_ROUTES, INTEGRATION_ROUTES, TEAM_ROUTES, ACCOUNT_ROUTES, DOCS_ROUTES,
];

export type TableRoute = RouteDoc & { key: string; method: string; path: string; tag: string };

export const ROUTE_TABLE: readonly TableRoute[] = ROUTE_GROUPS.flatMap((group) =>
  Object.entries(group.routes).map(([key, doc]) => {
    const [method = '', path = ''] = key.split(' ');
    return { ...doc, key, method, path, tag: group.tag };
  }),
);

/** Route fixtures of the contacts' export and import (modules/contacts/file-routes.ts). */
import { contactExportQuerySchema } from '@shared/contacts/export.ts';
import { contactImportJsonSchema } from '@shared/contacts/import.ts';
import type { CrossTenantRequest, RouteFixture } from './route-fixture-types.ts';
import type { Tenant } from './tenant-scene.ts';

const importBody = (own: Tenant) => ({ botId: own.botId, csv: 'Telegram ID;Nome\n123456789;Ana', fileName: 'contatos.csv' });

export const CONTACT_FILE_ROUTE_FIXTURES: Record<string, RouteFixture> = {
  'GET /api/contacts/export.csv': {
    query: { schema: contactExportQuerySchema, valid: (own) => ({ botId: own.botId, search: 'a', isBot: 'false', tz: 'America/Sao_Paulo' }) },
    crossTenant: (victim): CrossTenantRequest[] => [
      { label: "victim's bot filter", query: { botId: victim.botId } },
      { label: "victim's label filter", query: { label: victim.labelId } },
      { label: "victim's funnel filter", query: { funnelId: victim.funnelId } },
    ],
  },
  'POST /api/contacts/imports': {
    body: { schema: contactImportJsonSchema, valid: importBody },
    crossTenant: (victim, attacker) => [{ label: "victim's bot", body: { ...importBody(attacker), botId: victim.botId } }],
  },
  'GET /api/contacts/imports/:id': {},
  'POST /api/contacts/imports/:id/start': {},
};

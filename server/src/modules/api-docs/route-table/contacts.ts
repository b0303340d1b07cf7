/** Route table (index.ts): contacts, their labels and personal data (LGPD), and the dashboard's figures. */
import { deletedAnswerSchema } from '@shared/api/answers.ts';
import { contactErasureResponseSchema, contactExportSchema } from '@shared/contacts/data-export.ts';
import { contactExportQuerySchema } from '@shared/contacts/export.ts';
import { contactImportJsonSchema, contactImportResponseSchema } from '@shared/contacts/import.ts';
import {
  allContactsQuerySchema, contactListQuerySchema, contactListResponseSchema, contactResponseSchema, contactStatsResponseSchema,
  contactsResponseSchema, contactTopQuerySchema, globalContactStatsResponseSchema, updateContactInputSchema,
} from '@shared/contacts/schemas.ts';
import { memberFiguresQuerySchema, memberFiguresResponseSchema } from '@shared/dashboard/member-figures.ts';
import { activityQuerySchema, dashboardActivityResponseSchema } from '@shared/dashboard/schemas.ts';
import {
  contactLabelsInputSchema, contactLabelsResponseSchema, createLabelInputSchema, labelListResponseSchema, labelResponseSchema, updateLabelInputSchema,
} from '@shared/labels/schemas.ts';
import type { RouteGroup } from './route-doc.ts';

export const CONTACT_ROUTES: RouteGroup = {
  tag: 'Contatos',
  description: 'Pessoas que falaram com os bots: lista com filtros, dados, etiquetas, exportação e exclusão dos dados pessoais (LGPD).',
  routes: {
    'GET /api/contacts/': { summary: 'Lista os contatos (paginado)', query: contactListQuerySchema, answer: contactsResponseSchema },
    'GET /api/contacts/all': { summary: 'Busca contatos de todos os bots (paginado)', query: allContactsQuerySchema, answer: contactsResponseSchema },
    'GET /api/contacts/all/stats': { summary: 'Mostra os números de contatos de todos os bots', answer: globalContactStatsResponseSchema },
    'GET /api/contacts/bot/:id': { summary: 'Lista os contatos de um bot (paginado)', query: contactListQuerySchema, answer: contactsResponseSchema },
    'GET /api/contacts/bot/:id/stats': { summary: 'Mostra os números de contatos de um bot', answer: contactStatsResponseSchema },
    'GET /api/contacts/bot/:id/most-active': { summary: 'Lista os contatos que mais conversam com um bot', query: contactTopQuerySchema, answer: contactListResponseSchema },
    'GET /api/contacts/bot/:id/recent': { summary: 'Lista os contatos mais novos de um bot', query: contactTopQuerySchema, answer: contactListResponseSchema },
    'GET /api/contacts/export.csv': { summary: 'Baixa os contatos em CSV (com os filtros da lista)', query: contactExportQuerySchema, media: 'text/csv' },
    'POST /api/contacts/imports': {
      summary: 'Envia um CSV de contatos e valida (simulação)', description: 'Aceita multipart/form-data (campo file) ou JSON com o conteúdo do arquivo.',
      body: contactImportJsonSchema, answer: contactImportResponseSchema, status: 201,
      errors: ['CONTACT_IMPORT_TOO_LARGE', 'CONTACT_IMPORT_UNREADABLE', 'CONTACT_IMPORT_EMPTY'],
    },
    'GET /api/contacts/imports/:id': { summary: 'Mostra uma importação e seu progresso', answer: contactImportResponseSchema },
    'POST /api/contacts/imports/:id/start': {
      summary: 'Inicia uma importação validada', answer: contactImportResponseSchema, errors: ['CONTACT_IMPORT_NOTHING_VALID', 'CONTACT_IMPORT_STARTED', 'CONTACT_IMPORT_EXPIRED'],
    },
    'GET /api/contacts/:id': { summary: 'Mostra um contato', answer: contactResponseSchema },
    'PUT /api/contacts/:id': { summary: 'Altera nome e telefone de um contato', body: updateContactInputSchema, answer: contactResponseSchema },
    'DELETE /api/contacts/:id': { summary: 'Exclui um contato', answer: deletedAnswerSchema },
    'PUT /api/contacts/:id/labels': { summary: 'Define as etiquetas de um contato', body: contactLabelsInputSchema, answer: contactLabelsResponseSchema },
    'GET /api/contacts/:id/export': { summary: 'Baixa os dados pessoais de um contato (LGPD)', media: 'attachment/json', answer: contactExportSchema },
    'DELETE /api/contacts/:id/data': { summary: 'Apaga os dados pessoais de um contato (LGPD)', answer: contactErasureResponseSchema },
    'GET /api/labels/': { summary: 'Lista as etiquetas', answer: labelListResponseSchema },
    'POST /api/labels/': { summary: 'Cria uma etiqueta', body: createLabelInputSchema, answer: labelResponseSchema, status: 201, errors: [['VALIDATION_FAILED', 409]] },
    'PATCH /api/labels/:id': { summary: 'Altera uma etiqueta', body: updateLabelInputSchema, answer: labelResponseSchema, errors: [['VALIDATION_FAILED', 409]] },
    'DELETE /api/labels/:id': { summary: 'Exclui uma etiqueta', answer: deletedAnswerSchema },
    'GET /api/dashboard/activity': { summary: 'Mostra a atividade por dia do painel', query: activityQuerySchema, answer: dashboardActivityResponseSchema },
    'GET /api/dashboard/members': { summary: 'Mostra os números de cada membro no painel', query: memberFiguresQuerySchema, answer: memberFiguresResponseSchema },
  },
};

import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';

/** docs/decisions.md#d-flow-variables: the variables a flow's texts can use as `{{path}}`, in this order. */
export const variableHintSchema = z.object({
  path: z.string(),
  type: z.enum(['string', 'number', 'object']),
  description: z.string(),
  example: z.string(),
});

export type VariableHint = z.infer<typeof variableHintSchema>;

export const FLOW_VARIABLES: VariableHint[] = [
  { path: 'contact.firstName', type: 'string', description: 'Nome do contato', example: 'Maria' },
  { path: 'contact.lastName', type: 'string', description: 'Sobrenome do contato', example: 'Silva' },
  { path: 'contact.username', type: 'string', description: 'Username do contato no Telegram', example: 'maria_silva' },
  { path: 'contact.telegramId', type: 'string', description: 'ID do contato no Telegram', example: '123456789' },
  { path: 'contact.phoneNumber', type: 'string', description: 'Telefone do contato', example: '+5511999999999' },
  { path: 'message.text', type: 'string', description: 'Texto da mensagem recebida', example: 'Olá!' },
  { path: 'command.args', type: 'string', description: 'Argumento do comando', example: 'abc' },
  { path: 'chat.id', type: 'string', description: 'ID do chat', example: '-1001234567890' },
  { path: 'chat.title', type: 'string', description: 'Título do grupo ou canal', example: 'Meu Grupo' },
  { path: 'bot.username', type: 'string', description: 'Username do bot', example: 'meu_bot' },
  { path: 'http.status', type: 'number', description: 'Status da última requisição HTTP', example: '200' },
  { path: 'http.body', type: 'object', description: 'Corpo da última resposta HTTP (use http.body.campo)', example: '{"ok":true}' },
  { path: 'now.date', type: 'string', description: 'Data atual (dd/mm/aaaa)', example: '23/11/2026' },
  { path: 'now.time', type: 'string', description: 'Hora atual (hh:mm)', example: '14:30' },
];

export const variablesResponseSchema = successEnvelope(z.object({ variables: z.array(variableHintSchema) }));

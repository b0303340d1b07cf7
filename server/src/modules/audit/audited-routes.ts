/**
 * Which REST writes leave a line of their own in the workspace's audit log (audited-guard.ts writes them; a write
 * made with an API key elsewhere gets the key's generic line, http/api-key-guard.ts).
 */
import type { AuditAction, AuditTargetType } from '@shared/audit/schemas.ts';

export type Answer = { data?: Record<string, { id?: unknown; enabled?: unknown; rule?: unknown } | undefined> };
type AuditedRoute = {
  action: AuditAction | ((answer: Answer) => AuditAction);
  target: AuditTargetType;
  /** Where the target's id is: the `:id` of the path (`param`: another path parameter), or the answer's `data[key].id` (a created record). */
  created?: string;
  param?: string;
  /** Machine data the answer holds worth keeping in the line (a setting's new value). */
  detail?: (answer: Answer) => Record<string, string>;
};

const flowToggle = (answer: Answer): AuditAction => (answer.data?.flow?.enabled === false ? 'flow.unpublish' : 'flow.publish');

export const AUDITED_ROUTES: Readonly<Record<string, AuditedRoute>> = {
  'POST /api/bots': { action: 'bot.create', target: 'bot', created: 'bot' },
  'PATCH /api/bots/:id': { action: 'bot.update', target: 'bot' },
  'DELETE /api/bots/:id': { action: 'bot.trash', target: 'bot' },
  'POST /api/bots/trash/:id/restore': { action: 'bot.restore', target: 'bot' },
  'DELETE /api/bots/trash/:id': { action: 'bot.purge', target: 'bot' },
  'POST /api/flows': { action: 'flow.create', target: 'flow', created: 'flow' },
  'PUT /api/flows/:id': { action: 'flow.update', target: 'flow' },
  'PATCH /api/flows/:id/toggle': { action: flowToggle, target: 'flow' },
  'POST /api/flows/:id/duplicate': { action: 'flow.duplicate', target: 'flow', created: 'flow' },
  'DELETE /api/flows/:id': { action: 'flow.delete', target: 'flow' },
  'POST /api/broadcasts': { action: 'broadcast.create', target: 'broadcast', created: 'broadcast' },
  'PATCH /api/broadcasts/:id': { action: 'broadcast.update', target: 'broadcast' },
  'POST /api/broadcasts/:id/send': { action: 'broadcast.send', target: 'broadcast' },
  'POST /api/broadcasts/:id/cancel': { action: 'broadcast.cancel', target: 'broadcast' },
  'POST /api/broadcasts/:id/stop': { action: 'broadcast.stop', target: 'broadcast' },
  'DELETE /api/broadcasts/:id': { action: 'broadcast.delete', target: 'broadcast' },
  'POST /api/pixels': { action: 'pixel.create', target: 'pixel', created: 'pixel' },
  'PUT /api/pixels/:id': { action: 'pixel.update', target: 'pixel' },
  'DELETE /api/pixels/:id': { action: 'pixel.delete', target: 'pixel' },
  'POST /api/webhooks': { action: 'webhook.create', target: 'webhook', created: 'webhook' },
  'PUT /api/webhooks/:id': { action: 'webhook.update', target: 'webhook' },
  'PATCH /api/webhooks/:id': { action: 'webhook.update', target: 'webhook' },
  'DELETE /api/webhooks/:id': { action: 'webhook.delete', target: 'webhook' },
  'POST /api/access/plans': { action: 'plan.create', target: 'plan', created: 'plan' },
  'PUT /api/access/plans/:id': { action: 'plan.update', target: 'plan' },
  'DELETE /api/access/plans/:id': { action: 'plan.archive', target: 'plan' },
  'POST /api/access/plans/:id/remove-unpaid': { action: 'plan.remove_unpaid', target: 'plan' },
  // A grant's target is the new access (named by its plan: a buyer's e-mail never enters the log).
  'POST /api/access/plans/:id/members': { action: 'access.grant', target: 'access', created: 'member' },
  'PATCH /api/access/members/:id': { action: 'access.update', target: 'access' },
  'POST /api/access/members/:id/revoke': { action: 'access.revoke', target: 'access' },
  'POST /api/access/members/:id/refund': { action: 'access.refund', target: 'access' },
  // A chat's join gate: who gets in (the new rule kept).
  'PUT /api/access/gate/:channelId': { action: 'gate.update', target: 'channel', param: 'channelId', detail: (answer) => ({ rule: String(answer.data?.gate?.rule) }) },
};

export const auditedRoute = (request: Request, route: string) => AUDITED_ROUTES[`${request.method} ${route.replace(/\/$/, '')}`];

/** The per-member figures of the dashboard (owners and admins: the `dashboard` area of the role matrix). */
import type { MemberFigure } from '@shared/dashboard/member-figures.ts';
import { ROLES } from '@shared/team/permissions.ts';
import type { Queryable } from '../../db/client.ts';
import { memberFigures } from './member-figures-repository.ts';

const DAY_MS = 24 * 3600 * 1000;

export async function memberFiguresOf(deps: { sql: Queryable }, workspaceId: string, days: number, now = new Date()) {
  const rows = await memberFigures(deps.sql, workspaceId, new Date(now.getTime() - days * DAY_MS));
  const members: MemberFigure[] = rows.map((row) => ({
    userId: row.userId,
    name: row.name,
    role: ROLES.find((role) => role === row.role) ?? 'agent',
    assigned: row.assigned,
    resolved: row.resolved,
    medianFirstResponseSeconds: row.median === null ? null : Math.round(row.median),
    responses: row.responses,
  }));
  return { days, members };
}

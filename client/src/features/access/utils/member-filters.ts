import { ACCESS_STATUSES, type AccessStatus } from '@shared/access/texts.ts';
import { queryString } from '../api/access-requests.ts';

/** The members list's filters, as the screen holds them (and /acessos/membros keeps them in its address). */
export type MemberFilters = { status?: AccessStatus | undefined; planId?: string | undefined; expiring?: boolean | undefined; search?: string | undefined; page: number };

export const EXPIRING_DAYS = 7;
export const MEMBERS_PER_PAGE = 20;

export const isAccessStatus = (value: unknown): value is AccessStatus => typeof value === 'string' && (ACCESS_STATUSES as readonly string[]).includes(value);

/** The filters as GET /access/members reads them; `forExport` leaves paging out and names the viewer's time zone. */
export function membersQuery(filters: MemberFilters, forExport = false): string {
  const common = { status: filters.status, planId: filters.planId, expiringInDays: filters.expiring ? EXPIRING_DAYS : undefined, search: filters.search?.trim() || undefined };
  return forExport
    ? queryString({ ...common, tz: Intl.DateTimeFormat().resolvedOptions().timeZone })
    : queryString({ ...common, page: filters.page, limit: MEMBERS_PER_PAGE });
}

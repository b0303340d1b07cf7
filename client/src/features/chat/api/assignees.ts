/**
 * Who a conversation can be assigned to (GET /messages/assignees, readable by every role), and the names the list
 * and the header show. Online only and kept a while: offline, the names already loaded stay; "Atribuir a mim" and
 * "Sem responsável" need none.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { assigneesResponseSchema, type Assignee } from '@shared/messages/assignment.ts';
import { api } from '../../../lib/api.ts';
import { ASSIGNMENT_UI_TEXTS } from './assignment-texts.ts';

export const assigneesQuery = queryOptions({
  queryKey: ['messages', 'assignees'] as const,
  queryFn: async () =>
    (await api.get('/messages/assignees', { schema: assigneesResponseSchema, fallbackMessage: ASSIGNMENT_UI_TEXTS.loadAssigneesError })).data.members,
  staleTime: 60_000,
});

const NONE: Assignee[] = [];

export function useAssignees(): Assignee[] {
  return useQuery(assigneesQuery).data ?? NONE;
}

/** A member's initials for the list's small badge ("Bia Souza" → "BS"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return letters.map((word) => word?.charAt(0).toUpperCase() ?? '').join('') || '?';
}

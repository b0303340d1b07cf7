import { useState } from 'react';
import type { Member } from '@shared/team/schemas.ts';
import { LoadFailedCard } from '../../../components/load-failed-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { controlClasses, Field } from '../../../components/ui/field.tsx';
import { useAuditLog, WORKSPACE_TEXTS, type AuditFilters } from '../api/workspace-requests.ts';
import { AUDIT_FAMILIES, auditPlace, auditSentence, auditWhen } from '../utils/audit-sentence.ts';

function Filters({ members, filters, onChange }: { members: readonly Member[]; filters: AuditFilters; onChange: (next: AuditFilters) => void }) {
  return (
    <div className="grid gap-4 px-5 py-4 sm:grid-cols-2 sm:px-6">
      <Field label="Membro">
        {(control) => (
          <select {...control} className={`${controlClasses(false)} h-11`} value={filters.actor} onChange={(event) => onChange({ ...filters, actor: event.target.value })}>
            <option value="">Todos os membros</option>
            {members.map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Ação">
        {(control) => (
          <select {...control} className={`${controlClasses(false)} h-11`} value={filters.action} onChange={(event) => onChange({ ...filters, action: event.target.value })}>
            {AUDIT_FAMILIES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}

/** "Registro de atividades": who did what in the workspace, when and from where, newest first; owners and admins. */
export function AuditSection({ members }: { members: readonly Member[] }) {
  const [filters, setFilters] = useState<AuditFilters>({ actor: '', action: '' });
  const log = useAuditLog(filters);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Card>
      <CardHeader title="Registro de atividades" description="Quem fez o quê nesta equipe, quando e de onde." />
      <Filters members={members} filters={filters} onChange={setFilters} />
      {log.isError && !log.data ? (
        <div className="px-5 pb-5 sm:px-6">
          <LoadFailedCard message={WORKSPACE_TEXTS.auditFailed} retrying={log.isFetching} onRetry={() => void log.refetch()} />
        </div>
      ) : !log.data ? (
        <div aria-busy="true" aria-label="Carregando atividades" className="mx-5 mb-5 h-32 animate-pulse rounded-lg bg-slate-100 sm:mx-6" />
      ) : entries.length === 0 ? (
        <p className="px-5 pb-5 text-sm text-slate-600 sm:px-6">Nenhuma atividade registrada com esses filtros.</p>
      ) : (
        <ul aria-label="Atividades" className="divide-y divide-slate-100 border-t border-slate-100">
          {entries.map((entry) => (
            <li key={entry.id} className="px-5 py-3 sm:px-6">
              <p className="text-sm text-slate-900">{auditSentence(entry)}</p>
              <p className="mt-0.5 text-xs text-slate-600">
                <time dateTime={entry.createdAt}>{auditWhen(entry.createdAt)}</time>
                <span title={entry.userAgent ?? undefined}> · {auditPlace(entry)}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
      {log.hasNextPage && (
        <div className="border-t border-slate-100 px-5 py-3 sm:px-6">
          <Button variant="outline" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            Carregar mais
          </Button>
        </div>
      )}
    </Card>
  );
}

import { useState } from 'react';
import { ROLE_LABELS } from '@shared/team/permissions.ts';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { useMemberFigures } from '../api/member-figures.ts';
import { formatResponseTime } from '../utils/response-time.ts';
import { PeriodSelector } from '../../../components/period-selector.tsx';

const PERIODS = [7, 30] as const;

/**
 * "Atendimento por membro": conversations assigned, resolved and the median first response of each member over 7
 * or 30 days (owners and admins: the dashboard's roles). Shown once the workspace has more than its founder; a
 * failure shows nothing more than the activity section already says (offline, server unreachable).
 */
export function MemberFiguresCard() {
  const [days, setDays] = useState<7 | 30>(7);
  const figures = useMemberFigures(days);
  if (!figures.data || figures.data.length < 2) return null;
  return (
    <Card>
      <CardHeader title="Atendimento por membro" description="Conversas atribuídas, resolvidas e o tempo típico até a primeira resposta (mediana)." actions={<PeriodSelector options={PERIODS} value={days} onChange={setDays} name="team-period" legend="Período da equipe" />} />
      <div className="overflow-x-auto">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <thead className="border-y border-slate-100 bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-5 py-2 font-medium sm:px-6">Membro</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">Atribuídas</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">Resolvidas</th>
              <th scope="col" className="px-5 py-2 text-right font-medium sm:px-6">Primeira resposta</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {figures.data.map((member) => (
              <tr key={member.userId}>
                <th scope="row" className="px-5 py-2 font-medium text-slate-900 sm:px-6">
                  {member.name} <span className="font-normal text-slate-600">· {ROLE_LABELS[member.role]}</span>
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{member.assigned.toLocaleString('pt-BR')}</td>
                <td className="px-3 py-2 text-right tabular-nums">{member.resolved.toLocaleString('pt-BR')}</td>
                <td className="px-5 py-2 text-right tabular-nums sm:px-6">{formatResponseTime(member.medianFirstResponseSeconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

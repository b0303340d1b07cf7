import { Link } from '@tanstack/react-router';
import { ChartLine, ChevronRight, Code, Link2, Power, PowerOff, Trash2, TriangleAlert, Users } from 'lucide-react';
import { FUNNEL_TEXTS, funnelScriptCode, type Funnel } from '@shared/funnels/schemas.ts';
import { DataCard, type CardField } from '../../../components/data-card.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '../../../lib/format.ts';
import { CHART_SERIES } from '../utils/chart-series.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { conversionSteps } from '../utils/conversion.ts';
import { UserText } from '../../../components/ui/user-text.tsx';

export type FunnelAction = 'metrics' | 'toggle' | 'delete';

type Props = { funnel: Funnel; busy: boolean; disabled: boolean; onAction: (action: FunnelAction, funnel: Funnel) => void };

function StatusBadge({ active }: { active: boolean }) {
  return (
    <span
      data-testid="funnel-status"
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-medium',
        active ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-600',
      )}
    >
      {active ? FUNNEL_TEXTS.active : FUNNEL_TEXTS.inactive}
    </span>
  );
}

function TodayFigures({ funnel }: { funnel: Funnel }) {
  return (
    <dl aria-label="Hoje" className="mt-3 grid grid-cols-4 gap-1 rounded-xl bg-slate-50 p-2 text-center">
      {CHART_SERIES.map(({ key, label }) => (
        <div key={key} className="min-w-0">
          <dt className="truncate text-[11px] text-slate-500">{label}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{formatNumber(funnel.todayMetrics[key])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Visits → clicks → entries of the last days, each with its share of the step before. */
function Conversion({ funnel }: { funnel: Funnel }) {
  const title = `Conversão nos últimos ${funnel.conversion.days} dias`;
  return (
    <section aria-label={title} className="mt-3">
      <h4 className="text-xs text-slate-500">{title}</h4>
      <ol className="mt-1 flex flex-wrap items-center gap-x-1 gap-y-1 text-sm">
        {conversionSteps(funnel.conversion).map((step, index) => (
          <li key={step.key} data-testid={`conversion-${step.key}`} className="flex items-center gap-1">
            {index > 0 && <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />}
            <span className="text-slate-600">{step.label}</span>
            <span className="font-semibold text-slate-900 tabular-nums">{formatNumber(step.value)}</span>
            {step.rate && <span className="rounded-full bg-emerald-50 px-1.5 text-xs font-medium text-emerald-700 tabular-nums">{step.rate}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}

const PublicChannelWarning = () => (
  <p className="mt-3 flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-800">
    <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
    <span className="min-w-0">{FUNNEL_TEXTS.publicChannelWarning}</span>
  </p>
);

function Actions({ funnel, busy, disabled, onAction }: Props) {
  const icon = (Icon: typeof Code) => <Icon aria-hidden="true" className="size-4" />;
  return (
    <>
      <Link to="/contacts" search={{ funnelId: funnel.id }} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
        {icon(Users)}
        Ver contatos
      </Link>
      <Button variant="outline" size="sm" icon={icon(ChartLine)} onClick={() => onAction('metrics', funnel)}>
        Métricas
      </Button>
      <Button variant="outline" size="sm" icon={icon(Code)} onClick={() => void copyText(funnelScriptCode(window.location.origin, funnel.uuid))}>
        Copiar script
      </Button>
      <Button variant="outline" size="sm" icon={icon(Link2)} onClick={() => void copyText(funnel.telegramLink)}>
        Copiar link
      </Button>
      <Button variant="outline" size="sm" loading={busy} disabled={disabled} icon={icon(funnel.isActive ? PowerOff : Power)} onClick={() => onAction('toggle', funnel)}>
        {funnel.isActive ? 'Desativar' : 'Ativar'}
      </Button>
      <Button variant="outline" size="sm" disabled={disabled} className="text-red-600 hover:bg-red-50 hover:text-red-700" icon={icon(Trash2)} onClick={() => onAction('delete', funnel)}>
        Excluir
      </Button>
    </>
  );
}

function Title({ funnel }: { funnel: Funnel }) {
  return (
    <>
      <h3 className="font-semibold break-words text-slate-900"><UserText>{funnel.name}</UserText></h3>
      {funnel.description && <p className="mt-0.5 text-sm break-words text-slate-500"><UserText>{funnel.description}</UserText></p>}
    </>
  );
}

/** One funnel (docs/product.md#screen-funnels): where it leads, today's figures and its actions. */
export function FunnelCard(props: Props) {
  const { funnel } = props;
  const fields: CardField[] = [
    { label: 'Bot', value: (<><UserText>{funnel.bot.name}</UserText> <span className="text-slate-500">@{funnel.bot.username}</span></>), className: 'truncate text-slate-800' },
    { label: 'Canal', value: <UserText>{funnel.channel.channelName}</UserText>, className: 'truncate text-slate-800' },
  ];
  // The pixel as the operator knows it: its name and Meta's Pixel ID (as the funnel form's picker shows it).
  if (funnel.pixelIntegration) fields.push({ label: 'Pixel do Meta', value: <><UserText>{funnel.pixelIntegration.name}</UserText> ({funnel.pixelIntegration.pixelId})</>, wide: true, className: 'truncate text-slate-800' });
  return (
    <DataCard label={funnel.name} testId="funnel-card" title={<Title funnel={funnel} />} badge={<StatusBadge active={funnel.isActive} />} fields={fields} actions={<Actions {...props} />}>
      <TodayFigures funnel={funnel} />
      <Conversion funnel={funnel} />
      {funnel.channel.username && <PublicChannelWarning />}
    </DataCard>
  );
}

import { CircleCheck } from 'lucide-react';
import { FUNNEL_TEXTS } from '@shared/funnels/schemas.ts';
import { CopyBlock } from '../../../components/copy-block.tsx';
import { UserText } from '../../../components/ui/user-text.tsx';

export type CreatedFunnel = { name: string; scriptCode: string; telegramLink: string; publicChannel: boolean };

/** The create modal's success state (docs/product.md#screen-funnels): the tracking script and the Telegram link. */
export function FunnelCreated({ created }: { created: CreatedFunnel }) {
  return (
    <div className="space-y-5">
      <p role="status" className="flex items-start gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-700">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span className="min-w-0 break-words">Funil "<UserText>{created.name}</UserText>" criado. Use o script na página de captura e divulgue o link.</span>
      </p>
      <CopyBlock label={FUNNEL_TEXTS.scriptLabel} value={created.scriptCode} copyLabel="Copiar script" hint={FUNNEL_TEXTS.scriptHint} />
      <CopyBlock label={FUNNEL_TEXTS.linkLabel} value={created.telegramLink} copyLabel="Copiar link" />
      {created.publicChannel && <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">{FUNNEL_TEXTS.publicChannelWarning}</p>}
    </div>
  );
}

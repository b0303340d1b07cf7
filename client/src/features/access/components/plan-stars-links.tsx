import type { Plan } from '@shared/access/plans.ts';
import { CopyBlock } from '../../../components/copy-block.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';

/** Where buyers pay in Telegram Stars: the channel's subscription link and the bot's link that sends the charge. */
export function PlanStarsLinks({ plan }: { plan: Plan }) {
  if (!plan.stars) return null;
  return (
    <Card>
      <CardHeader title="Telegram Stars" description={`${plan.stars.priceStars} ⭐ a cada 30 dias. Quem paga entra sem link de vínculo: o Telegram já diz quem é.`} />
      <div className="space-y-4 px-5 py-4 sm:px-6">
        {plan.starsLink && <CopyBlock label="Link de assinatura do canal" value={plan.starsLink} copyLabel="Copiar link" hint="O Telegram cobra todo mês e tira a pessoa do canal quando a assinatura acaba." />}
        {plan.starsInvoiceLink && <CopyBlock label="Link de compra no bot" value={plan.starsInvoiceLink} copyLabel="Copiar link" hint="Abre o bot, que envia a cobrança em Stars; no bot, /assinar lista os planos à venda." />}
        {plan.stars.subscriptionLink && !plan.starsLink && <p className="text-sm text-amber-800">O link de assinatura ainda não foi criado: confira se o bot está ligado e salve o plano de novo.</p>}
      </div>
    </Card>
  );
}

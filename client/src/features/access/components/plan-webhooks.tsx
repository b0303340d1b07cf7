import { FlaskConical } from 'lucide-react';
import type { Plan } from '@shared/access/plans.ts';
import { WEBHOOK_GATEWAYS, type WebhookGateway } from '@shared/access/webhook-log.ts';
import { CopyBlock } from '../../../components/copy-block.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { useTestPurchase } from '../api/access-mutations.ts';
import { WebhookKey } from './webhook-key.tsx';

export const WEBHOOK_GATEWAY_LABELS: Record<WebhookGateway, string> = { hotmart: 'Hotmart', kiwify: 'Kiwify', eduzz: 'Eduzz', generic: 'Webhook genérico' };

const HINTS: Record<WebhookGateway, string> = {
  hotmart: 'Na Hotmart: Ferramentas › Webhook › Cadastrar webhook, versão 2.0, eventos de compra e assinatura.',
  kiwify: 'Na Kiwify: Apps › Webhooks › Criar webhook, com o produto do plano e todos os eventos.',
  eduzz: 'Na Eduzz: Configurações › Webhook, com o produto do plano.',
  generic: 'Para qualquer gateway de Pix ou checkout: JSON assinado com a chave abaixo no cabeçalho X-Canalize-Signature.',
};

type Props = { plan: Plan; disabled: boolean };

/** The plan's webhook URLs to paste in each gateway, a test purchase through each, and the generic key (owners). */
export function PlanWebhooks({ plan, disabled }: Props) {
  const test = useTestPurchase();
  const sending = test.isPending ? (test.variables?.gateway ?? null) : null;
  return (
    <Card>
      <CardHeader title="Webhooks" description="Cole o endereço na plataforma de pagamento; cada compra aprovada vira um acesso." />
      <div className="space-y-5 px-5 py-4 sm:px-6">
        {WEBHOOK_GATEWAYS.map((gateway) => (
          <div key={gateway} className="space-y-2">
            <CopyBlock label={`URL do webhook — ${WEBHOOK_GATEWAY_LABELS[gateway]}`} value={plan.webhooks[gateway]} copyLabel="Copiar URL" hint={HINTS[gateway]} />
            <Button
              variant="outline"
              size="sm"
              disabled={disabled || (sending !== null && sending !== gateway)}
              loading={sending === gateway}
              icon={<FlaskConical aria-hidden="true" className="size-4" />}
              aria-label={`Enviar compra de teste — ${WEBHOOK_GATEWAY_LABELS[gateway]}`}
              onClick={() => test.mutate({ planId: plan.id, gateway })}
            >
              Enviar compra de teste
            </Button>
            {gateway !== 'generic' && !plan.gateways[gateway].tokenSet && (
              <p className="text-xs text-amber-800">Cadastre o token da {WEBHOOK_GATEWAY_LABELS[gateway]} em Editar: sem ele, as compras dessa plataforma são recusadas.</p>
            )}
          </div>
        ))}
        {plan.webhookSecret !== undefined && <WebhookKey secret={plan.webhookSecret} />}
      </div>
    </Card>
  );
}

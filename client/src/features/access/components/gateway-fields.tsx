import { ACCESS_GATEWAYS, type AccessGateway, type Plan } from '@shared/access/plans.ts';
import { ACCESS_LIMITS } from '@shared/access/texts.ts';
import { Input } from '../../../components/ui/input.tsx';
import type { GatewayValues } from '../utils/plan-form.ts';

export const GATEWAY_LABELS: Record<AccessGateway, string> = { hotmart: 'Hotmart', kiwify: 'Kiwify', eduzz: 'Eduzz' };

const TOKEN_HINTS: Record<AccessGateway, string> = {
  hotmart: 'O hottok, em Ferramentas › Webhook.',
  kiwify: 'O token do webhook, em Apps › Webhooks.',
  eduzz: 'A chave do webhook, em Configurações › Webhook.',
};

type Props = {
  plan: Plan | undefined;
  values: Record<AccessGateway, GatewayValues>;
  shownError: (key: string) => string | undefined;
  onChange: (gateway: AccessGateway, field: keyof GatewayValues, value: string) => void;
};

/** Per gateway: its token (write-only: "Definido" when set, blank keeps it) and the product that feeds the plan. */
export function GatewayFields({ plan, values, shownError, onChange }: Props) {
  return (
    <>
      {ACCESS_GATEWAYS.map((gateway) => {
        const label = GATEWAY_LABELS[gateway];
        const tokenSet = plan?.gateways[gateway].tokenSet === true;
        return (
          <fieldset key={gateway} className="space-y-3 rounded-xl border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-800">{label}</legend>
            <Input
              label={`Token da ${label}`}
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={values[gateway].token}
              error={shownError(`gateways.${gateway}.token`)}
              helperText={tokenSet ? `Definido. Preencha só para trocar. ${TOKEN_HINTS[gateway]}` : TOKEN_HINTS[gateway]}
              onChange={(event) => onChange(gateway, 'token', event.target.value)}
            />
            <Input
              label={`Código do produto na ${label}`}
              autoComplete="off"
              maxLength={ACCESS_LIMITS.productIdMax}
              value={values[gateway].productId}
              error={shownError(`gateways.${gateway}.productId`)}
              onChange={(event) => onChange(gateway, 'productId', event.target.value)}
            />
          </fieldset>
        );
      })}
    </>
  );
}

import { Switch } from '../../../components/ui/switch.tsx';

type Props = { enabled: boolean; onChange: (enabled: boolean) => void; /** An inactive bot sends nothing, whatever the switch says. */ botActive?: boolean };

/** The master switch of docs/product.md#screen-channel: an ARIA switch named by its title, its state spelled out next to it. */
export function WelcomeSwitch({ enabled, onChange, botActive = true }: Props) {
  const status = !enabled ? 'Desativada' : botActive ? 'Ativa e funcionando' : 'Ativada, mas o bot está desativado: nada é enviado';
  return (
    <Switch
      checked={enabled}
      onChange={onChange}
      label="Mensagem de boas-vindas"
      labelClassName="font-medium text-slate-900"
      description={status}
      descriptionClassName={!enabled ? 'text-sm text-slate-500' : botActive ? 'text-sm text-emerald-600' : 'text-sm text-amber-700'}
      onClassName="bg-emerald-500"
    />
  );
}

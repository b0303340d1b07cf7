import { Switch } from '../../../components/ui/switch.tsx';

/** "Exigir aprovação": joins through the funnel's link become join requests the bot approves. */
export function ApprovalSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return <Switch checked={checked} onChange={onChange} label="Exigir aprovação" description="Quem usar o link pede para entrar e o bot aprova o pedido." />;
}

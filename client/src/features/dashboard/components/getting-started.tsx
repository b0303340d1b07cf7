import { Card, CardHeader } from '../../../components/ui/card.tsx';

/** The five steps of docs/product.md#screen-dashboard, shown while the account has no bot. */
const STEPS = [
  { title: 'Crie seu bot no @BotFather', text: 'Abra o @BotFather no Telegram, envie /newbot e escolha nome e usuário.' },
  { title: 'Copie o token do bot', text: 'O BotFather responde com um token de acesso; copie-o.' },
  { title: 'Clique em “Adicionar bot”', text: 'Em Meus Bots, cole o token para cadastrar o bot no Canalize.' },
  { title: 'Adicione o bot como administrador', text: 'Promova o bot a administrador nos grupos ou canais que ele vai gerenciar.' },
  { title: 'Configure boas-vindas e fluxos', text: 'Defina mensagens de boas-vindas por canal e crie fluxos automáticos.' },
];

export function GettingStarted({ className }: { className?: string }) {
  return (
    <Card className={className}>
      <CardHeader title={<span id="primeiros-passos">Primeiros passos</span>} description="Seu primeiro bot em cinco passos" />
      <ol aria-labelledby="primeiros-passos" className="space-y-1 p-3 sm:p-4">
        {STEPS.map((step, index) => (
          <li key={step.title} className="flex gap-4 rounded-xl px-2 py-2.5">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
            >
              {index + 1}
            </span>
            <div>
              <p className="font-medium text-slate-900">{step.title}</p>
              <p className="mt-0.5 text-sm text-slate-500">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

import { CopyBlock } from '../../../components/copy-block.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';

/**
 * How a buyer reaches the group: each purchase gets its own claim link (t.me/<bot>?start=<código>, single use), shown
 * on the member and in the CSV; the gateway's thank-you page or e-mail points to the bot, where the buyer confirms
 * the purchase's e-mail, or pastes the member's claim link when the gateway's template can carry it.
 */
export function ClaimHelp({ botUsername }: { botUsername: string | undefined }) {
  const botLink = botUsername ? `https://t.me/${botUsername}` : undefined;
  return (
    <Card>
      <CardHeader title="Como o comprador entra" description="Da página de obrigado ao grupo, sem você mexer em nada." />
      <div className="space-y-3 px-5 py-4 text-sm text-slate-700 sm:px-6">
        <ol className="list-decimal space-y-1.5 pl-5">
          <li>Cada compra aprovada recebe um link de vínculo único, no formato https://t.me/{botUsername ?? '<bot>'}?start=&lt;código&gt;, que aparece no membro (botão Copiar link) e no CSV.</li>
          <li>Na página de obrigado e no e-mail de compra da plataforma, coloque o link do bot abaixo com a instrução “Toque para entrar no grupo VIP”.</li>
          <li>O comprador abre o bot e confirma o e-mail da compra (ou abre o link de vínculo): o bot envia um convite de uso único para cada canal e grupo do plano.</li>
        </ol>
        {botLink && <CopyBlock label="Link do bot para a página de obrigado" value={botLink} copyLabel="Copiar link do bot" hint="Um link vazado não serve a outra pessoa: o convite só aceita a conta que vinculou a compra." />}
      </div>
    </Card>
  );
}

import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AlertTriangle, ArrowLeft, Bot as BotIcon, Power, PowerOff, Trash2, Users } from 'lucide-react';
import { BOT_TEXTS, type Bot } from '@shared/bots/schemas.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useRemoveBot, useSetBotActive } from '../api/bot-writes.ts';
import { BotFacts } from './bot-facts.tsx';
import { DeleteBotDialog } from './delete-bot-dialog.tsx';
import { StatusBadge } from './status-badge.tsx';
import { UserText } from '../../../components/ui/user-text.tsx';

/** The bot's identity, its actions (Voltar, Ver Contatos, Ativar/Desativar) and its facts (docs/product.md#screen-bot-details). */
export function BotSummary({ bot }: { bot: Bot }) {
  return (
    <>
      {/* Voltar sits on its own, away from Desativar, so a tap meant for one never hits the other. */}
      <Link to="/bots" className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ml-2 self-start' })}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Voltar
      </Link>
      <BotIdentity bot={bot} />
      <BotFacts bot={bot} />
    </>
  );
}

function BotIdentity({ bot }: { bot: Bot }) {
  const setActive = useSetBotActive();
  // Switching a bot off stops everything it does: ask first. Switching it on needs no question.
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Card className="p-5 sm:p-6">
        <div className="flex flex-wrap items-start gap-4">
          <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
            <BotIcon aria-hidden="true" className="size-7" />
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="truncate text-xl font-semibold text-slate-900"><UserText>{bot.name}</UserText></h2>
              <StatusBadge active={bot.isActive} />
            </div>
            <p className="text-slate-500">@{bot.username}</p>
          </div>
          <div className="flex w-full flex-wrap gap-2 sm:w-auto">
            <Link to="/contacts/$botId" params={{ botId: bot.id }} className={buttonClasses({ variant: 'secondary' })}>
              <Users aria-hidden="true" className="size-4" />
              Ver Contatos
            </Link>
            <Button
              variant={bot.isActive ? 'danger' : 'primary'}
              icon={bot.isActive ? <PowerOff aria-hidden="true" className="size-4" /> : <Power aria-hidden="true" className="size-4" />}
              onClick={() => (bot.isActive ? setConfirming(true) : void setActive(bot.id, true))}
            >
              {bot.isActive ? 'Desativar' : 'Ativar'}
            </Button>
            <DeleteBotButton bot={bot} />
          </div>
        </div>
        {!bot.isActive && bot.inactiveReason && <InactiveReason reason={bot.inactiveReason} />}
      </Card>
      <ConfirmDialog
        open={confirming}
        title={BOT_TEXTS.deactivateTitle}
        message={BOT_TEXTS.deactivateQuestion(bot.name)}
        confirmLabel="Desativar"
        danger
        onConfirm={() => {
          setConfirming(false);
          void setActive(bot.id, false);
        }}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/** Excluir: to the Lixeira after a confirmation that says what goes with the bot. */
function DeleteBotButton({ bot }: { bot: Bot }) {
  const [deleting, setDeleting] = useState(false);
  const removeBot = useRemoveBot();
  const navigate = useNavigate();
  return (
    <>
      <Button variant="ghost" className="text-red-600 hover:bg-red-50 hover:text-red-700" icon={<Trash2 aria-hidden="true" className="size-4" />} onClick={() => setDeleting(true)}>
        Excluir
      </Button>
      <DeleteBotDialog
        bot={deleting ? bot : null}
        onConfirm={() => {
          setDeleting(false);
          // Leave first: the page of a bot gone from the cache reports it as missing.
          void navigate({ to: '/bots' }).then(() => removeBot(bot.id));
        }}
        onCancel={() => setDeleting(false)}
      />
    </>
  );
}

function InactiveReason({ reason }: { reason: string }) {
  return (
    <p role="note" className="mt-4 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <strong className="font-semibold">Motivo: </strong>
        {reason}
      </span>
    </p>
  );
}

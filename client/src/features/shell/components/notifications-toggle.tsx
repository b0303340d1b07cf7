import { Bell, BellOff, BellRing } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { PUSH_TEXTS, usePushNotifications, type PushState } from '../../../lib/web-push.ts';

/** Why a click cannot turn notifications on here: told instead of trying. */
const BLOCKED: Partial<Record<PushState, string>> = {
  denied: PUSH_TEXTS.denied,
  unsupported: PUSH_TEXTS.unsupported,
  'ios-install': PUSH_TEXTS.iosInstall,
};

/**
 * The header's 'Notificações' switch (docs/decisions.md#web-push): web push of new incoming messages on this
 * device. The browser's permission is asked only from this click. Its state is always visible: ativadas,
 * desativadas, bloqueadas pelo navegador, não suportadas; on an iPhone outside the installed app, how to install.
 */
export function NotificationsToggle() {
  const push = usePushNotifications();
  const on = push.state === 'on';
  const stateText = PUSH_TEXTS.states[push.state];
  const Icon = on ? BellRing : push.state === 'off' || push.state === 'checking' ? Bell : BellOff;

  async function click() {
    const blocked = BLOCKED[push.state];
    if (blocked) {
      toast.info(blocked);
      return;
    }
    try {
      const next = await push.toggle();
      if (next === 'on') toast.success(PUSH_TEXTS.enabled);
      else if (BLOCKED[next]) toast.info(BLOCKED[next]);
      else if (on) toast.success(PUSH_TEXTS.disabled);
    } catch (error) {
      toast.error(errorMessage(error, PUSH_TEXTS.failed));
    }
  }

  return (
    <div className="flex shrink-0 items-center gap-2">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={PUSH_TEXTS.label}
        aria-describedby="notificacoes-estado"
        title={`${PUSH_TEXTS.label}: ${stateText}`}
        disabled={push.busy || push.state === 'checking'}
        onClick={() => void click()}
        className={cn(
          'inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-xs font-medium transition-colors disabled:opacity-60 sm:text-sm',
          on ? 'border-brand-200 bg-brand-50 text-brand-700 hover:bg-brand-100' : 'border-slate-200 bg-white text-slate-600 hover:bg-slate-100',
        )}
      >
        <Icon aria-hidden="true" className="size-4" />
        <span className="hidden lg:inline">{PUSH_TEXTS.label}</span>
      </button>
      <span id="notificacoes-estado" role="status" className="sr-only">
        {`${PUSH_TEXTS.label}: ${stateText}`}
      </span>
    </div>
  );
}

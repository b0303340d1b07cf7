import { CloudOff, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from './ui/button.tsx';
import { Card } from './ui/card.tsx';
import { toast } from '../lib/toast.ts';
import { useSyncNow, useSyncSnapshot } from '../offline/hooks.ts';

/**
 * A screen whose data never reached this device (first sync failed): the load error of docs/product.md#toasts as a toast (unless
 * that load is silent there) and in place of the content, with a retry. The sync also retries by itself when the network comes back.
 */
export function LoadError({ message, silent = false }: { message: string; silent?: boolean }) {
  const { online } = useSyncSnapshot();
  const syncNow = useSyncNow();
  const [retrying, setRetrying] = useState(false);
  useEffect(() => {
    if (!silent) toast.error(message, { id: `load-error:${message}` });
  }, [message, silent]);

  async function retry() {
    setRetrying(true);
    try {
      await syncNow();
    } finally {
      setRetrying(false);
    }
  }

  return (
    <Card role="alert" className="flex flex-col items-center px-6 py-14 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-600">
        <CloudOff aria-hidden="true" className="size-7" />
      </span>
      <h3 className="mt-5 text-lg font-semibold text-slate-900">{message}</h3>
      <p className="mt-2 max-w-md text-slate-600">
        {online
          ? 'Não foi possível falar com o servidor agora.'
          : 'Você está sem conexão e estes dados ainda não foram baixados neste aparelho.'}
      </p>
      <Button variant="outline" className="mt-6" loading={retrying} icon={<RefreshCw aria-hidden="true" className="size-4" />} onClick={() => void retry()}>
        Tentar novamente
      </Button>
    </Card>
  );
}

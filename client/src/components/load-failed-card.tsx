import { RefreshCw } from 'lucide-react';
import { Button } from './ui/button.tsx';
import { Card } from './ui/card.tsx';

/** A server-only list that could not be read (nothing of it on this device): the docs' text and a retry. */
export function LoadFailedCard({ message, retrying, onRetry }: { message: string; retrying: boolean; onRetry: () => void }) {
  return (
    <Card role="alert" className="flex flex-col items-center px-6 py-14 text-center">
      <h3 className="text-lg font-semibold text-slate-900">{message}</h3>
      <Button variant="outline" className="mt-6" loading={retrying} icon={<RefreshCw aria-hidden="true" className="size-4" />} onClick={onRetry}>
        Tentar novamente
      </Button>
    </Card>
  );
}

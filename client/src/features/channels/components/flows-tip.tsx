import { Link } from '@tanstack/react-router';
import { Lightbulb } from 'lucide-react';

/** docs/product.md#screen-channel: the welcome message is one message; anything longer belongs in a flow. */
export function FlowsTip() {
  return (
    <aside aria-label="Dica" className="flex gap-3 rounded-2xl border border-violet-200 bg-violet-50 p-4 text-sm text-violet-900">
      <Lightbulb aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-violet-600" />
      <p>
        <strong className="font-semibold">Dica:</strong> para conversas mais completas, com várias mensagens, esperas e respostas a
        botões, use os{' '}
        <Link to="/flows" className="font-semibold text-violet-700 underline hover:text-violet-900">
          Fluxos
        </Link>
        .
      </p>
    </aside>
  );
}

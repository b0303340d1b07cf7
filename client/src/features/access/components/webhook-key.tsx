import { Copy, Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { copyText } from '../../../lib/clipboard.ts';

/** The generic webhook's signing key (answered to owners only): hidden until revealed, copied without showing it. */
export function WebhookKey({ secret }: { secret: string }) {
  const [shown, setShown] = useState(false);
  return (
    <section aria-labelledby="webhook-key-title" className="space-y-2 rounded-xl border border-slate-200 p-3">
      <h3 id="webhook-key-title" className="text-sm font-medium text-slate-700">
        Chave do webhook genérico
      </h3>
      <p data-testid="webhook-key" className="overflow-x-auto rounded-lg bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-800">
        {shown ? secret : '•'.repeat(24)}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" icon={shown ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />} onClick={() => setShown(!shown)}>
          {shown ? 'Ocultar chave' : 'Mostrar chave'}
        </Button>
        <Button variant="outline" size="sm" icon={<Copy aria-hidden="true" className="size-4" />} onClick={() => void copyText(secret)}>
          Copiar chave
        </Button>
      </div>
      <p className="text-xs text-slate-500">Assine cada envio com HMAC-SHA256 de &quot;t.corpo&quot;: X-Canalize-Signature: t=&lt;segundos&gt;,v1=&lt;hex&gt;. Envios com mais de 5 minutos são recusados.</p>
    </section>
  );
}

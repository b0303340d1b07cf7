import { useId } from 'react';
import type { WebhookWithSecret } from '@shared/webhooks/schemas.ts';
import { WEBHOOK_SCREEN_TEXTS } from '@shared/webhooks/texts.ts';
import { CopyBlock } from '../../../components/copy-block.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';

/** Right after creation: the signing secret, once, with how a receiver checks a delivery's signature. */
export function SecretModal({ webhook, onClose }: { webhook: WebhookWithSecret; onClose: () => void }) {
  const helpId = useId();
  return (
    <Modal
      open
      onClose={onClose}
      title="Segredo de assinatura"
      description={WEBHOOK_SCREEN_TEXTS.secretOnce}
      size="lg"
      footer={<Button onClick={onClose}>Já copiei</Button>}
    >
      <div className="space-y-4">
        <CopyBlock label="Segredo" value={webhook.secret} copyLabel="Copiar segredo" />
        <section aria-labelledby={helpId} className="space-y-2 text-sm text-slate-600">
          <h3 id={helpId} className="font-medium text-slate-700">
            Como conferir a assinatura
          </h3>
          <p>{WEBHOOK_SCREEN_TEXTS.signatureHelp}</p>
          <pre className="overflow-x-auto rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 font-mono text-xs whitespace-pre-wrap text-slate-800">
            {'X-Canalize-Signature: t=1767225600,v1=5f2b…\nv1 = hex(HMAC-SHA256(segredo, t + "." + corpo))'}
          </pre>
        </section>
      </div>
    </Modal>
  );
}

import { TriangleAlert } from 'lucide-react';
import { CopyBlock } from '../../../components/copy-block.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';

/** The secret, shown this once with its copy button: the server keeps only its hash and never answers it again. */
export function CreatedKeyDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    <Modal open={secret !== null} onClose={onClose} title="Chave de API criada" footer={<Button onClick={onClose}>Já copiei a chave</Button>}>
      <div className="space-y-4">
        <p role="note" className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Copie a chave agora: ela não será mostrada de novo. Guarde-a como uma senha; quem a tiver age nesta equipe.
        </p>
        <CopyBlock label="Sua chave de API" value={secret ?? ''} copyLabel="Copiar chave" hint="Envie no cabeçalho Authorization: Bearer <chave>." />
      </div>
    </Modal>
  );
}

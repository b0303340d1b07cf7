import { Pencil, Tags, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { LABEL_TEXTS, type Label, type LabelColor } from '@shared/labels/schemas.ts';
import { isolateText } from '@shared/text/invisible.ts';
import { savedToast } from '../../offline/feedback.ts';
import { useCached, useMutate } from '../../offline/hooks.ts';
import { useCan } from '../../lib/use-can.ts';
import { Button } from '../ui/button.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { Modal } from '../ui/modal.tsx';
import { LabelChip } from './label-chips.tsx';
import { LabelForm } from './label-form.tsx';
import { canAddLabel } from './label-rules.ts';
import { useLabels } from './use-labels.ts';

/**
 * "Etiquetas" for owners and admins (the `labels` area; agents only apply them): create, rename, recolour and
 * delete with confirmation. Every change goes through the outbox, so it works offline too.
 */
export function LabelsManagerButton() {
  const canManage = useCan('labels');
  const [open, setOpen] = useState(false);
  if (!canManage) return null;
  return (
    <>
      <Button variant="outline" icon={<Tags aria-hidden="true" className="size-4" />} onClick={() => setOpen(true)}>
        Etiquetas
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title="Etiquetas" description="Organize os contatos com etiquetas coloridas." size="xl">
        <LabelsManager />
      </Modal>
    </>
  );
}

function LabelsManager() {
  const labels = useLabels() ?? [];
  const mutate = useMutate();
  const [editing, setEditing] = useState<string>();
  const [deleting, setDeleting] = useState<Label>();

  async function create(values: { name: string; color: LabelColor }) {
    if (await mutate('label.create', { label: { id: crypto.randomUUID(), ...values } })) savedToast('Etiqueta criada');
  }
  async function update(label: Label, values: { name: string; color: LabelColor }) {
    const changes = { ...(values.name === label.name ? {} : { name: values.name }), ...(values.color === label.color ? {} : { color: values.color }) };
    if (Object.keys(changes).length > 0 && (await mutate('label.update', { labelId: label.id, changes }))) savedToast('Etiqueta atualizada');
    setEditing(undefined);
  }
  async function remove(label: Label) {
    setDeleting(undefined);
    if (await mutate('label.delete', { labelId: label.id })) savedToast('Etiqueta excluída');
  }

  return (
    <div className="space-y-4">
      {canAddLabel(labels) ? (
        <LabelForm labels={labels} submitLabel="Criar etiqueta" onSubmit={create} />
      ) : (
        <p className="text-sm text-slate-600">{LABEL_TEXTS.tooMany}</p>
      )}
      {labels.length === 0 ? (
        <p className="text-sm text-slate-500">Nenhuma etiqueta criada ainda.</p>
      ) : (
        <ul aria-label="Etiquetas da equipe" className="divide-y divide-slate-100">
          {labels.map((label) =>
            editing === label.id ? (
              <li key={label.id} className="py-2">
                <LabelForm labels={labels} editing={label} submitLabel="Salvar" onSubmit={(values) => update(label, values)} onCancel={() => setEditing(undefined)} />
              </li>
            ) : (
              <li key={label.id} className="flex items-center gap-2 py-2">
                <span className="min-w-0 flex-1">
                  <LabelChip label={label} />
                </span>
                <Button variant="ghost" size="sm" icon={<Pencil aria-hidden="true" className="size-4" />} aria-label={`Editar etiqueta ${label.name}`} onClick={() => setEditing(label.id)}>
                  <span className="max-sm:sr-only">Editar</span>
                </Button>
                <Button variant="ghost" size="sm" icon={<Trash2 aria-hidden="true" className="size-4" />} aria-label={`Excluir etiqueta ${label.name}`} onClick={() => setDeleting(label)}>
                  <span className="max-sm:sr-only">Excluir</span>
                </Button>
              </li>
            ),
          )}
        </ul>
      )}
      {deleting && <DeleteLabelDialog label={deleting} onConfirm={() => void remove(deleting)} onCancel={() => setDeleting(undefined)} />}
    </div>
  );
}

/** Says how many cached contacts lose the label before it goes. */
function DeleteLabelDialog({ label, onConfirm, onCancel }: { label: Label; onConfirm: () => void; onCancel: () => void }) {
  const carrying = useCached((db) => db.contacts.where('labelIds').equals(label.id).count(), [label.id]);
  const who = carrying === undefined ? 'dos contatos' : carrying === 1 ? 'de 1 contato' : `de ${carrying} contatos`;
  return (
    <ConfirmDialog
      open
      danger
      title="Excluir etiqueta"
      message={`A etiqueta “${isolateText(label.name)}” será excluída e retirada ${who}. Não é possível desfazer.`}
      confirmLabel="Excluir"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

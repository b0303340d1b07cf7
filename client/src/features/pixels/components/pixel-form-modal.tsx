import { useId } from 'react';
import type { Pixel } from '@shared/pixels/schemas.ts';
import { FormSummary } from '../../../components/form-summary.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { usePixelForm } from '../hooks/use-pixel-form.ts';
import { PixelFields } from './pixel-fields.tsx';

type Props = { open: boolean; onClose: () => void } & ({ mode: 'create'; pixel?: undefined } | { mode: 'edit'; pixel: Pixel });

/** Register or edit a pixel (docs/product.md#rules-pixels); the modal closes on success. */
export function PixelFormModal({ open, onClose, mode, pixel }: Props) {
  const formId = useId();
  const editor = usePixelForm(pixel, onClose);
  const { saving } = editor;
  const footer = (
    <>
      <Button variant="outline" onClick={onClose} disabled={saving}>
        Cancelar
      </Button>
      <Button type="submit" form={formId} loading={saving}>
        {mode === 'edit' ? 'Salvar' : 'Cadastrar'}
      </Button>
    </>
  );
  return (
    <Modal
      open={open}
      onClose={() => !saving && onClose()}
      title={mode === 'edit' ? 'Editar pixel' : 'Novo Pixel'}
      description={mode === 'edit' ? pixel?.name : 'Cadastre o pixel (conjunto de dados) do Meta e um token da API de Conversões.'}
      size="lg"
      footer={footer}
    >
      <form id={formId} noValidate onSubmit={(event) => void editor.submit(event)} className="space-y-4">
        <FormSummary text={editor.form.summary} />
        <PixelFields pixel={pixel} editor={editor} />
      </form>
    </Modal>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { PIXEL_LIMITS, type Pixel } from '@shared/pixels/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useCreatePixel, useUpdatePixel } from '../api/pixel-requests.ts';
import { checkCreatePixel, checkUpdatePixel, emptyPixelForm, pixelFormFrom, type PixelField, type PixelFormValues } from '../utils/pixel-form.ts';

type Props = { open: boolean; onClose: () => void } & ({ mode: 'create'; pixel?: undefined } | { mode: 'edit'; pixel: Pixel });

export const TOKEN_KEEP_HINT = 'Deixe em branco para manter o token atual.';

/**
 * Register (docs/product.md#rules-pixels: name, Pixel ID and token required) or edit (token optional, blank keeps the
 * stored one). Errors show on submit and clear as the field is edited; the modal closes on success.
 */
export function PixelFormModal(props: Props) {
  const { open, onClose, mode } = props;
  const formId = useId();
  const [values, setValues] = useState<PixelFormValues>(() => (props.pixel ? pixelFormFrom(props.pixel) : emptyPixelForm()));
  const [errors, setErrors] = useState<Partial<Record<PixelField, string>>>({});
  const [summary, setSummary] = useState<string | undefined>();
  const create = useCreatePixel();
  const update = useUpdatePixel();
  const saving = create.isPending || update.isPending;

  function set(field: PixelField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
    setSummary(undefined);
  }

  function refuse(check: { summary: string | undefined; errors: Partial<Record<PixelField, string>> }) {
    setErrors(check.errors);
    setSummary(check.summary);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      if (props.mode === 'edit') {
        const check = checkUpdatePixel(values);
        if (!check.ok) return refuse(check);
        await update.mutateAsync({ id: props.pixel.id, input: check.input });
      } else {
        const check = checkCreatePixel(values);
        if (!check.ok) return refuse(check);
        await create.mutateAsync(check.input);
      }
      onClose();
    } catch {
      // The mutation cache toasted the server's message (or the docs' text); the form stays open to try again.
    }
  }

  const fieldError = (field: PixelField) => (errors[field] && errors[field] !== summary ? errors[field] : undefined);
  const invalid = (field: PixelField) => (errors[field] ? true : undefined);

  return (
    <Modal
      open={open}
      onClose={() => !saving && onClose()}
      title={mode === 'edit' ? 'Editar pixel' : 'Novo Pixel'}
      description={mode === 'edit' ? props.pixel?.name : 'Cadastre o pixel (conjunto de dados) do Meta e um token da API de Conversões.'}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {mode === 'edit' ? 'Salvar' : 'Cadastrar'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        {summary && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {summary}
          </p>
        )}
        <Input
          label="Nome"
          required
          value={values.name}
          maxLength={PIXEL_LIMITS.nameMax}
          error={fieldError('name')}
          aria-invalid={invalid('name')}
          onChange={(event) => set('name', event.target.value)}
          data-autofocus
        />
        <Input
          label="Pixel ID"
          required
          inputMode="numeric"
          autoComplete="off"
          value={values.pixelId}
          error={fieldError('pixelId')}
          aria-invalid={invalid('pixelId')}
          helperText="O número do pixel no Gerenciador de Eventos do Meta."
          onChange={(event) => set('pixelId', event.target.value)}
        />
        <Input
          label="Token de acesso"
          required={mode === 'create'}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={values.accessToken}
          error={fieldError('accessToken')}
          aria-invalid={invalid('accessToken')}
          helperText={mode === 'edit' ? `Token atual: ${props.pixel?.tokenPreview ?? ''}. ${TOKEN_KEEP_HINT}` : 'Gerado em Configurações do pixel › API de Conversões.'}
          onChange={(event) => set('accessToken', event.target.value)}
        />
      </form>
    </Modal>
  );
}

import { PIXEL_LIMITS, type Pixel } from '@shared/pixels/schemas.ts';
import { Input } from '../../../components/ui/input.tsx';
import type { usePixelForm } from '../hooks/use-pixel-form.ts';
import type { PixelField } from '../utils/pixel-form.ts';

export const TOKEN_KEEP_HINT = 'Deixe em branco para manter o token atual.';

type Props = { pixel: Pixel | undefined; editor: ReturnType<typeof usePixelForm> };

/** Name, Pixel ID and token (docs/product.md#rules-pixels): the token is optional when editing, blank keeps the stored one. */
export function PixelFields({ pixel, editor }: Props) {
  const { form, set } = editor;
  const invalid = (field: PixelField) => (form.errors[field] ? true : undefined);
  return (
    <>
      <Input
        label="Nome"
        required
        value={form.values.name}
        maxLength={PIXEL_LIMITS.nameMax}
        error={form.shownError('name')}
        aria-invalid={invalid('name')}
        onChange={(event) => set('name', event.target.value)}
        data-autofocus
      />
      <Input
        label="Pixel ID"
        required
        inputMode="numeric"
        autoComplete="off"
        value={form.values.pixelId}
        error={form.shownError('pixelId')}
        aria-invalid={invalid('pixelId')}
        helperText="O número do pixel no Gerenciador de Eventos do Meta."
        onChange={(event) => set('pixelId', event.target.value)}
      />
      <Input
        label="Token de acesso"
        required={!pixel}
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={form.values.accessToken}
        error={form.shownError('accessToken')}
        aria-invalid={invalid('accessToken')}
        helperText={pixel ? `Token atual: ${pixel.tokenPreview}. ${TOKEN_KEEP_HINT}` : 'Gerado em Configurações do pixel › API de Conversões.'}
        onChange={(event) => set('accessToken', event.target.value)}
      />
    </>
  );
}

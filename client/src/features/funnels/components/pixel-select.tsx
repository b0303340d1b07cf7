import type { UseQueryResult } from '@tanstack/react-query';
import { FUNNEL_TOASTS } from '@shared/funnels/schemas.ts';
import type { Pixel } from '@shared/pixels/schemas.ts';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { balanceBidi } from '@shared/text/invisible.ts';

type Props = { value: string; error: string | undefined; pixels: UseQueryResult<Pixel[]>; onChange: (pixelIntegrationId: string) => void };

/** The funnel's optional Meta pixel ('' = none). */
export function PixelSelect({ value, error, pixels, onChange }: Props) {
  return (
    <SelectField
      label="Pixel do Meta"
      value={value}
      error={pixels.isError ? FUNNEL_TOASTS.loadPixelsFailed : error}
      helperText="Opcional: envia enter_channel e left_channel para a API de Conversões."
      disabled={!pixels.data?.length}
      onChange={onChange}
    >
      <option value="">{pixels.data === undefined && !pixels.isError ? 'Carregando pixels…' : 'Nenhum pixel'}</option>
      {pixels.data?.map((pixel) => (
        <option key={pixel.id} value={pixel.id}>
          {balanceBidi(pixel.name)} ({pixel.pixelId})
        </option>
      ))}
    </SelectField>
  );
}

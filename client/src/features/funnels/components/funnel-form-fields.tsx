import type { UseQueryResult } from '@tanstack/react-query';
import type { Bot, Channel } from '@shared/bots/schemas.ts';
import { FUNNEL_LIMITS } from '@shared/funnels/schemas.ts';
import type { Pixel } from '@shared/pixels/schemas.ts';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import type { FormErrors } from '../../../lib/use-form-state.ts';
import type { FunnelFormValues } from '../utils/funnel-form.ts';
import { ApprovalSwitch } from './approval-switch.tsx';
import { BotChannelFields } from './bot-channel-fields.tsx';
import { PixelSelect } from './pixel-select.tsx';

export type FunnelFormView = {
  values: FunnelFormValues;
  errors: FormErrors;
  /** A field's text, unless it is the form-level summary (then the field is only marked). */
  shownError: (field: string) => string | undefined;
};

export type FunnelFormOptions = { bots: UseQueryResult<Bot[]>; channels: UseQueryResult<Channel[]>; pixels: UseQueryResult<Pixel[]> };

type Props = { form: FunnelFormView; options: FunnelFormOptions; onChange: (changes: Partial<FunnelFormValues>) => void };

/** The create modal's fields (docs/product.md#rules-funnels). */
export function FunnelFormFields({ form, options, onChange }: Props) {
  const { values, errors, shownError } = form;
  return (
    <div className="space-y-4">
      <BotChannelFields form={form} bots={options.bots} channels={options.channels} onChange={onChange} />
      <Input label="Nome" required value={values.name} maxLength={FUNNEL_LIMITS.nameMax} error={shownError('name')} aria-invalid={Boolean(errors.name) || undefined} onChange={(event) => onChange({ name: event.target.value })} />
      <Textarea label="Descrição" rows={2} value={values.description} maxLength={FUNNEL_LIMITS.descriptionMax} error={shownError('description')} onChange={(event) => onChange({ description: event.target.value })} />
      <Input
        label="URL da página de captura"
        type="url"
        inputMode="url"
        placeholder="https://"
        value={values.landingUrl}
        maxLength={FUNNEL_LIMITS.landingUrlMax}
        error={shownError('landingUrl')}
        onChange={(event) => onChange({ landingUrl: event.target.value })}
      />
      <ApprovalSwitch checked={values.requireApproval} onChange={(requireApproval) => onChange({ requireApproval })} />
      <PixelSelect value={values.pixelIntegrationId} error={shownError('pixelIntegrationId')} pixels={options.pixels} onChange={(pixelIntegrationId) => onChange({ pixelIntegrationId })} />
    </div>
  );
}

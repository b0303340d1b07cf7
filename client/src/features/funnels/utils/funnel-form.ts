/**
 * The create form's rules (docs/product.md#rules-funnels) are the shared schema: bot, channel and name required ('Preencha
 * todos os campos obrigatórios', shown once for the form, the empty fields marked); description and landing URL
 * sent only when not blank; the landing URL must be a URL; the pixel is optional.
 */
import type { Channel } from '@shared/bots/schemas.ts';
import { createFunnelInputSchema, FUNNEL_TEXTS, type CreateFunnelInput } from '@shared/funnels/schemas.ts';

export type FunnelFormValues = {
  botId: string;
  channelId: string;
  name: string;
  description: string;
  landingUrl: string;
  requireApproval: boolean;
  /** '' = no pixel. */
  pixelIntegrationId: string;
};

export type FunnelField = Exclude<keyof FunnelFormValues, 'requireApproval'>;
const FIELDS: readonly string[] = ['botId', 'channelId', 'name', 'description', 'landingUrl', 'pixelIntegrationId'] satisfies FunnelField[];
const isField = (key: PropertyKey | undefined): key is FunnelField => typeof key === 'string' && FIELDS.includes(key);

export const emptyFunnelForm = (): FunnelFormValues => ({
  botId: '',
  channelId: '',
  name: '',
  description: '',
  landingUrl: '',
  requireApproval: false,
  pixelIntegrationId: '',
});

export type FunnelFormCheck =
  | { ok: true; input: CreateFunnelInput }
  | { ok: false; summary: string | undefined; errors: Partial<Record<FunnelField, string>> };

export function checkCreateFunnel(values: FunnelFormValues): FunnelFormCheck {
  const result = createFunnelInputSchema.safeParse({ ...values, pixelIntegrationId: values.pixelIntegrationId || null });
  if (result.success) {
    // Blank optional texts come out undefined: dropped from the JSON body, i.e. "not sent".
    const { pixelIntegrationId, ...rest } = result.data;
    return { ok: true, input: pixelIntegrationId ? { ...rest, pixelIntegrationId } : rest };
  }
  const errors: Partial<Record<FunnelField, string>> = {};
  let summary: string | undefined;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (!isField(field)) continue;
    errors[field] ??= issue.message;
    if (issue.message === FUNNEL_TEXTS.requiredFields) summary = issue.message;
  }
  return { ok: false, summary, errors };
}

/**
 * Whether the bot can make the funnel's invite link there: it must be an administrator allowed to invite users
 * (docs/decisions.md#d-funnels-pixel). Rights not recorded yet are left to the server to judge.
 */
export const canInvite = (channel: Pick<Channel, 'botRights'>) => channel.botRights?.canInviteUsers !== false;

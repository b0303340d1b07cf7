/**
 * State and rules of the create-flow modal (docs/product.md#state-create-flow, #rules-create-flow): default contexts private/group/supergroup, changing
 * the bot clears the chosen channels, and the errors come from the same shared schema the server uses.
 */
import { useMemo, useState } from 'react';
import { fieldErrors } from '@shared/api/validation.ts';
import {
  createFlowInputSchema,
  DEFAULT_EXECUTION_CONTEXTS,
  type CreateFlowInput,
  type ExecutionContext,
} from '@shared/flows/schemas.ts';

export type CreateFlowForm = {
  botId: string;
  name: string;
  description: string;
  executionContexts: ExecutionContext[];
  allowedChannelIds: string[];
};

const initialForm = (botId = ''): CreateFlowForm => ({
  botId,
  name: '',
  description: '',
  executionContexts: [...DEFAULT_EXECUTION_CONTEXTS],
  allowedChannelIds: [],
});

const toggled = <T>(list: T[], item: T) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

export function toCreateFlowInput(form: CreateFlowForm): CreateFlowInput {
  return {
    name: form.name,
    description: form.description.trim() || undefined,
    botId: form.botId,
    trigger: { type: 'MESSAGE' },
    executionContexts: form.executionContexts,
    // Channels only mean something with the channel context on.
    allowedChannelIds: form.executionContexts.includes('channel') ? form.allowedChannelIds : [],
  };
}

export function validateCreateFlow(form: CreateFlowForm): Record<string, string> {
  const parsed = createFlowInputSchema.safeParse(toCreateFlowInput(form));
  return parsed.success ? {} : fieldErrors(parsed.error);
}

export function useCreateFlowForm(initialBotId?: string) {
  const [form, setForm] = useState(() => initialForm(initialBotId));
  const errors = useMemo(() => validateCreateFlow(form), [form]);
  return {
    form,
    errors,
    valid: Object.keys(errors).length === 0,
    reset: (botId?: string) => setForm(initialForm(botId)),
    setName: (name: string) => setForm((f) => ({ ...f, name })),
    setDescription: (description: string) => setForm((f) => ({ ...f, description })),
    setBot: (botId: string) => setForm((f) => (f.botId === botId ? f : { ...f, botId, allowedChannelIds: [] })),
    toggleContext: (context: ExecutionContext) => setForm((f) => ({ ...f, executionContexts: toggled(f.executionContexts, context) })),
    toggleChannel: (channelId: string) => setForm((f) => ({ ...f, allowedChannelIds: toggled(f.allowedChannelIds, channelId) })),
  };
}

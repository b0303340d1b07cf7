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

/** What the disabled submit waits for, in the order of the form (docs/product.md#state-forms: it stays disabled while a rule fails). */
const MISSING_LABELS: readonly { field: string; text: string }[] = [
  { field: 'botId', text: 'selecione um bot' },
  { field: 'name', text: 'dê um nome ao fluxo' },
  { field: 'executionContexts', text: 'marque pelo menos um contexto' },
  { field: 'allowedChannelIds', text: 'escolha pelo menos um canal' },
];

export function missingForFlow(errors: Record<string, string>): string | undefined {
  const missing = MISSING_LABELS.filter(({ field }) => errors[field] !== undefined).map(({ text }) => text);
  if (missing.length === 0) return Object.keys(errors).length > 0 ? 'Corrija os campos destacados.' : undefined;
  return `Para criar: ${missing.join(', ')}.`;
}

/**
 * An error shows once its field was changed (`shown`); the disabled submit, with `missing` beside it, already says
 * "not yet" before that.
 */
export function useCreateFlowForm(initialBotId?: string) {
  const [form, setForm] = useState(() => initialForm(initialBotId));
  const [touched, setTouched] = useState<ReadonlySet<keyof CreateFlowForm>>(new Set());
  const errors = useMemo(() => validateCreateFlow(form), [form]);
  const touch = (...fields: (keyof CreateFlowForm)[]) => setTouched((current) => (fields.every((field) => current.has(field)) ? current : new Set([...current, ...fields])));
  return {
    form,
    valid: Object.keys(errors).length === 0,
    missing: missingForFlow(errors),
    shown: (field: keyof CreateFlowForm) => (touched.has(field) ? errors[field] : undefined),
    reset: (botId?: string) => {
      setForm(initialForm(botId));
      setTouched(new Set());
    },
    setName: (name: string) => {
      touch('name');
      setForm((f) => ({ ...f, name }));
    },
    setDescription: (description: string) => setForm((f) => ({ ...f, description })),
    setBot: (botId: string) => {
      touch('botId');
      setForm((f) => (f.botId === botId ? f : { ...f, botId, allowedChannelIds: [] }));
    },
    toggleContext: (context: ExecutionContext) => {
      touch('executionContexts', 'allowedChannelIds');
      setForm((f) => ({ ...f, executionContexts: toggled(f.executionContexts, context) }));
    },
    toggleChannel: (channelId: string) => {
      touch('allowedChannelIds');
      setForm((f) => ({ ...f, allowedChannelIds: toggled(f.allowedChannelIds, channelId) }));
    },
  };
}

export type CreateFlowFormState = ReturnType<typeof useCreateFlowForm>;

/**
 * Labels ("Etiquetas"): a workspace's named, coloured tags on contacts (docs/product.md#entity-label). Owners and
 * admins manage them (area `labels`), every member applies them to contacts (area `contacts`). The colour is a key
 * of a fixed palette whose chips the client draws with dark text on a light tint (WCAG AA on every key).
 */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { storableString } from '../api/storable-text.ts';

export const LABEL_COLORS = ['gray', 'red', 'orange', 'amber', 'green', 'teal', 'blue', 'indigo', 'purple', 'pink'] as const;
export type LabelColor = (typeof LABEL_COLORS)[number];

export const LABEL_COLOR_NAMES: Record<LabelColor, string> = {
  gray: 'Cinza', red: 'Vermelho', orange: 'Laranja', amber: 'Amarelo', green: 'Verde',
  teal: 'Turquesa', blue: 'Azul', indigo: 'Anil', purple: 'Roxo', pink: 'Rosa',
};

export const LABEL_LIMITS = {
  nameMax: 30,
  /** Labels of one workspace. */
  perWorkspace: 100,
  /** Labels on one contact. */
  perContact: 20,
} as const;

export const LABEL_TEXTS = {
  nameRequired: 'Nome da etiqueta é obrigatório',
  nameTooLong: `Nome da etiqueta deve ter no máximo ${LABEL_LIMITS.nameMax} caracteres`,
  colorInvalid: 'Escolha uma cor da paleta',
  nameTaken: 'Já existe uma etiqueta com este nome',
  tooMany: `Limite de ${LABEL_LIMITS.perWorkspace} etiquetas por equipe atingido`,
  tooManyOnContact: `Um contato pode ter no máximo ${LABEL_LIMITS.perContact} etiquetas`,
  unknownLabel: 'Etiqueta não encontrada',
  labelRequired: 'Escolha uma etiqueta',
} as const;

export const labelSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.enum(LABEL_COLORS),
  createdAt: z.string(),
});

const labelName = storableString({ error: LABEL_TEXTS.nameRequired })
  .trim()
  .min(1, { error: LABEL_TEXTS.nameRequired })
  .max(LABEL_LIMITS.nameMax, { error: LABEL_TEXTS.nameTooLong });
const labelColor = z.enum(LABEL_COLORS, { error: LABEL_TEXTS.colorInvalid });

/** POST /labels and `label.create` (with the client's id). */
export const createLabelInputSchema = z.object({
  id: z.uuid({ error: 'Identificador inválido' }).optional(),
  name: labelName,
  color: labelColor.default('gray'),
});

/** PATCH /labels/{id} and `label.update`: only the fields sent change. */
export const updateLabelInputSchema = z.object({ name: labelName.optional(), color: labelColor.optional() });

/** PUT /contacts/{id}/labels and `contact.setLabels`: the whole set (a replay sets, it never toggles). */
export const contactLabelsInputSchema = z.object({
  labelIds: z
    .array(z.uuid({ error: LABEL_TEXTS.unknownLabel }))
    .max(LABEL_LIMITS.perContact, { error: LABEL_TEXTS.tooManyOnContact })
    .transform((ids) => [...new Set(ids)]),
});

/** `?label=` of the contacts and conversations lists. */
export const labelFilterSchema = z.uuid({ error: LABEL_TEXTS.unknownLabel });

export const labelResponseSchema = successEnvelope(z.object({ label: labelSchema }));
export const labelListResponseSchema = successEnvelope(z.object({ labels: z.array(labelSchema) }));
export const contactLabelsResponseSchema = successEnvelope(z.object({ labelIds: z.array(z.string()) }));

export type Label = z.infer<typeof labelSchema>;
export type CreateLabelInput = z.output<typeof createLabelInputSchema>;
export type UpdateLabelInput = z.output<typeof updateLabelInputSchema>;


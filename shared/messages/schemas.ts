/**
 * The inbox contract (docs/product.md#entity-conversation, #api-messages): messages, conversations, stats and the
 * reply input. A message's `id` is its public uuid; a reply typed in the console carries one the client made,
 * which is also its idempotency key (docs/decisions.md#p-inbox). Telegram ids travel as strings.
 */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { contactSchema } from '../contacts/schemas.ts';
import { labelFilterSchema } from '../labels/schemas.ts';
import { ASSIGNMENT_TEXTS, conversationStatusSchema } from './assignment.ts';

/**
 * What a row of a conversation is: a message (text or a media kind) or something the contact did that is not a
 * message (ACTIVITY_TYPES): pressed a button of a bot message, joined or left a channel or group, asked to join one.
 */
export const ACTIVITY_TYPES = ['BUTTON_PRESS', 'MEMBER_JOINED', 'MEMBER_LEFT', 'JOIN_REQUEST'] as const;
export const MESSAGE_TYPES = [
  'TEXT', 'PHOTO', 'VIDEO', 'VOICE', 'AUDIO', 'ANIMATION', 'DOCUMENT', 'STICKER', 'VIDEO_NOTE', 'LOCATION', 'CONTACT', 'OTHER',
  ...ACTIVITY_TYPES,
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const isActivity = (type: MessageType): type is ActivityType => (ACTIVITY_TYPES as readonly string[]).includes(type);

/**
 * Who made a row: the contact (everything incoming), a person in the console (a reply), or the bot on its own: a
 * flow step, a welcome message, a broadcast.
 */
export const MESSAGE_SOURCES = ['CONTACT', 'OPERATOR', 'FLOW', 'WELCOME', 'BROADCAST'] as const;
export type MessageSource = (typeof MESSAGE_SOURCES)[number];

/** A button of a bot message as the conversation shows it: a link (url) or an action in the bot (url null). */
export const messageButtonSchema = z.object({ text: z.string(), url: z.string().nullable() });

/** Conversations and messages per request (docs/product.md#limits); also the messages per contact kept offline. */
export const CONVERSATIONS_LIMIT = 50;
export const MESSAGES_LIMIT = 100;

export const INBOX_TEXTS = {
  blankText: 'Mensagem não pode ser vazia',
  tooLong: 'Mensagem muito longa (máximo 4096 caracteres)',
  invalidId: 'Identificador inválido',
} as const;

export const messageSchema = z.object({
  id: z.string(),
  contactId: z.string(),
  botId: z.string(),
  direction: z.enum(['INCOMING', 'OUTGOING']),
  type: z.enum(MESSAGE_TYPES),
  source: z.enum(MESSAGE_SOURCES),
  /**
   * The text, or the media's caption ('' when a media message has none); a button press: the pressed button's
   * text; a join, leave or join request: the title of the channel or group.
   */
  content: z.string(),
  /** The inline keyboard of a bot message, row by row ([] without one). */
  buttons: z.array(z.array(messageButtonSchema)),
  /** A document's or audio's file name, a sticker's emoji. */
  mediaName: z.string().nullable(),
  /** Replies: SENDING until Telegram answered; FAILED with a pt-BR `error` (blocked, deactivated…). */
  status: z.enum(['SENDING', 'SENT', 'FAILED']),
  error: z.string().nullable(),
  createdAt: z.string(),
  /**
   * A reply typed in the console: the member who sent it and their name (null: the bot, a flow, a broadcast, or a
   * reply from before teams or by an account since deleted). Absent on rows cached by older versions.
   */
  memberId: z.string().nullable().optional(),
  memberName: z.string().nullable().optional(),
});

/** The cached conversation row (sync table `conversations`, keyed by contactId). */
export const conversationRowSchema = z.object({
  contactId: z.string(),
  botId: z.string(),
  lastMessageId: z.string(),
  lastMessageAt: z.string(),
  unreadCount: z.number().int().nonnegative(),
  /** The member answering it (null: nobody yet) and where it stands (shared/messages/assignment.ts). */
  assigneeId: z.string().nullable(),
  status: conversationStatusSchema,
});

export const conversationSchema = conversationRowSchema.extend({
  chatId: z.string(),
  botName: z.string(),
  contact: contactSchema,
  lastMessage: messageSchema.pick({ direction: true, content: true, type: true, status: true, source: true }),
});

export const messageStatsSchema = z.object({
  total: z.number().int(),
  sent: z.number().int(),
  received: z.number().int(),
  unread: z.number().int(),
});

const text = z
  .string()
  .transform((value) => value.trim())
  .pipe(z.string().min(1, { error: INBOX_TEXTS.blankText }).max(4096, { error: INBOX_TEXTS.tooLong }));

/** POST /messages/send (and the sync mutation `message.send`). chatId is accepted for the documented shape. */
export const sendMessageInputSchema = z.object({
  id: z.uuid({ error: INBOX_TEXTS.invalidId }).optional(),
  botId: z.uuid({ error: 'Bot inválido' }),
  contactId: z.uuid({ error: 'Contato inválido' }),
  chatId: z.union([z.string(), z.number()]).optional(),
  text,
});

export const messagesQuerySchema = z.object({
  /** Older than this message (its id): the next page back. */
  before: z.uuid({ error: INBOX_TEXTS.invalidId }).optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_LIMIT).default(MESSAGES_LIMIT),
});

/**
 * GET /messages/conversations filters, each one more condition on the list (modules/messages/conversation-filter-repository.ts):
 * `assignee` me, none or a member's id; `status`; `unread=true` only conversations with unread messages; `label` a label's id.
 */
export const conversationsQuerySchema = z.object({
  assignee: z.union([z.literal('me'), z.literal('none'), z.uuid()], { error: ASSIGNMENT_TEXTS.assigneeFilter }).optional(),
  status: conversationStatusSchema.optional(),
  unread: z.enum(['true', 'false'], { error: 'Use unread=true ou unread=false' }).transform((value) => value === 'true').optional(),
  label: labelFilterSchema.optional(),
});
export type ConversationsQuery = z.output<typeof conversationsQuerySchema>;

export const statsQuerySchema = z.object({ botId: z.uuid({ error: 'Bot inválido' }).optional() });

export const conversationsResponseSchema = successEnvelope(z.object({ conversations: z.array(conversationSchema) }));
export const messagesResponseSchema = successEnvelope(z.object({ messages: z.array(messageSchema), hasMore: z.boolean() }));
export const messageResponseSchema = successEnvelope(z.object({ message: messageSchema }));
export const statsResponseSchema = successEnvelope(z.object({ stats: messageStatsSchema }));
export const readAllResponseSchema = successEnvelope(z.object({ updated: z.number().int() }));

/** Live events of GET /api/events (docs/decisions.md#p-inbox): a hint to pull, never the data itself. */
export const liveEventSchema = z.object({
  topic: z.enum(['messages.changed', 'bots.changed', 'channels.changed', 'contacts.changed', 'funnels.changed', 'sync.changed', 'conversations.changed']),
  contactId: z.string().optional(),
  /** sync.changed: the device whose push committed the changes (it may skip its own echo). */
  clientId: z.string().optional(),
  botId: z.string().optional(),
  /** conversations.changed: a member assigned (assigneeId, null = unassigned) or moved (status) the conversation. */
  assigneeId: z.string().nullable().optional(),
  status: conversationStatusSchema.optional(),
  actorId: z.string().optional(),
  /** funnels.changed: a visit, click, entry or exit of this funnel was recorded. */
  funnelId: z.string().optional(),
});

export type Message = z.infer<typeof messageSchema>;
export type MessageButton = z.infer<typeof messageButtonSchema>;
export type ConversationRow = z.infer<typeof conversationRowSchema>;
export type Conversation = z.infer<typeof conversationSchema>;
export type MessageStats = z.infer<typeof messageStatsSchema>;
export type SendMessageInput = z.input<typeof sendMessageInputSchema>;
export type LiveEvent = z.infer<typeof liveEventSchema>;

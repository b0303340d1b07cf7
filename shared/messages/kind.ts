/** The kind of a Telegram message, from the fields it carries (an animation also carries `document`: checked first). */
import type { ActivityType, MessageSource, MessageType } from './schemas.ts';

const KINDS: Array<[string, MessageType]> = [
  ['text', 'TEXT'], ['photo', 'PHOTO'], ['video', 'VIDEO'], ['voice', 'VOICE'], ['audio', 'AUDIO'], ['animation', 'ANIMATION'],
  ['document', 'DOCUMENT'], ['sticker', 'STICKER'], ['video_note', 'VIDEO_NOTE'], ['location', 'LOCATION'], ['contact', 'CONTACT'],
];

export function messageKindOf(message: object): MessageType {
  for (const [field, kind] of KINDS) if (field in message) return kind;
  return 'OTHER';
}

/** pt-BR label of a media kind, shown with the caption (docs/product.md#screen-chat: never an empty bubble). */
export const MESSAGE_TYPE_LABELS: Record<MessageType, string> = {
  TEXT: 'Texto',
  PHOTO: 'Foto',
  VIDEO: 'Vídeo',
  VOICE: 'Mensagem de voz',
  AUDIO: 'Áudio',
  ANIMATION: 'GIF',
  DOCUMENT: 'Documento',
  STICKER: 'Figurinha',
  VIDEO_NOTE: 'Vídeo redondo',
  LOCATION: 'Localização',
  CONTACT: 'Contato',
  OTHER: 'Mensagem',
  BUTTON_PRESS: 'Tocou em',
  MEMBER_JOINED: 'Entrou em',
  MEMBER_LEFT: 'Saiu de',
  JOIN_REQUEST: 'Pediu para entrar em',
};

/** One line for a contact's activity: "Tocou em: Quero saber mais", "Entrou em Canal VIP". */
export function activityText(type: ActivityType, content: string): string {
  return `${activityLead(type)}${content}`;
}

/** The words before an activity's detail (a button's text, a chat's title), which the console isolates. */
export const activityLead = (type: ActivityType): string => (type === 'BUTTON_PRESS' ? `${MESSAGE_TYPE_LABELS[type]}: ` : `${MESSAGE_TYPE_LABELS[type]} `);

/** pt-BR mark of who sent an outgoing row (the contact's own rows carry none): a person typed it, or the bot. */
export const MESSAGE_SOURCE_LABELS: Record<MessageSource, string> = {
  CONTACT: 'Contato',
  OPERATOR: 'Você',
  FLOW: 'Fluxo',
  WELCOME: 'Boas-vindas',
  BROADCAST: 'Disparo',
};

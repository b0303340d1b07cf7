import { BROADCAST_TEXTS } from '@shared/broadcasts/texts.ts';
import type { BroadcastMediaType } from '@shared/broadcasts/schemas.ts';
import { TelegramMessagePreview } from '../../../components/telegram-message-preview.tsx';
import { MediaView } from './media-view.tsx';

type PreviewProps = {
  mediaType: BroadcastMediaType | '' | null;
  mediaUrl: string;
  text: string;
  rows: { key?: string; buttons: { text: string; type: 'url' | 'callback' }[] }[];
};

/**
 * What a contact receives (docs/product.md#screen-broadcast-form): the media, the message or caption with bold and
 * italic, and the inline keyboard row by row, with 'Botão' for a button without text.
 */
export function TelegramPreview({ mediaType, mediaUrl, text, rows }: PreviewProps) {
  return (
    <TelegramMessagePreview
      label="Pré-visualização do disparo"
      textTestId="preview-text"
      text={text}
      media={mediaType ? <MediaView type={mediaType} url={mediaUrl} /> : undefined}
      rows={rows.map((row) => ({ key: row.key, buttons: row.buttons.map((button) => ({ text: button.text, opensLink: button.type === 'url' })) }))}
      buttonFallback={BROADCAST_TEXTS.buttonFallback}
    />
  );
}

import { BROADCAST_HTML_HINT } from '@shared/broadcasts/schemas.ts';
import { BROADCAST_LIMITS } from '@shared/broadcasts/texts.ts';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import type { BroadcastForm } from '../hooks/use-broadcast-form.ts';
import { MediaField } from './media-field.tsx';

/** The optional media, then one text: the message without media, its caption with media. */
export function FormContentCard({ form, online }: { form: BroadcastForm; online: boolean }) {
  const hasMedia = form.values.mediaType !== '';
  return (
    <Card>
      <CardHeader title="Conteúdo" />
      <CardContent className="space-y-4">
        <MediaField form={form} online={online} />
        <Textarea
          label={hasMedia ? 'Legenda' : 'Mensagem'}
          required={!hasMedia}
          rows={6}
          value={form.values.text}
          maxLength={hasMedia ? BROADCAST_LIMITS.captionMax : BROADCAST_LIMITS.messageMax}
          placeholder={hasMedia ? 'Legenda da mídia (opcional)' : 'Olá! Temos novidades para você…'}
          error={form.errors.text}
          helperText={BROADCAST_HTML_HINT}
          onChange={(event) => form.set('text', event.target.value)}
        />
      </CardContent>
    </Card>
  );
}

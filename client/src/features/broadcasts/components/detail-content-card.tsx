import { ExternalLink } from 'lucide-react';
import { BROADCAST_MEDIA_LABELS, broadcastUploadedMediaId } from '@shared/broadcasts/schemas.ts';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { useUploadedMediaSrc } from '../../../lib/media-blob.ts';
import type { BroadcastRow } from '../utils/local-drafts.ts';
import { TelegramPreview } from './telegram-preview.tsx';

function MediaLink({ url }: { url: string }) {
  const uploaded = broadcastUploadedMediaId(url) !== undefined;
  const media = useUploadedMediaSrc(uploaded ? url : '');
  const href = uploaded ? media.src : url;
  if (!href) return null;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-brand-700 underline">
      Ver mídia
      <ExternalLink aria-hidden="true" className="size-3.5" />
    </a>
  );
}

/** What was sent: the media's kind with a link to it, and the message as the contacts receive it. */
export function DetailContentCard({ broadcast }: { broadcast: BroadcastRow }) {
  return (
    <Card>
      <CardHeader title="Conteúdo" />
      <CardContent className="space-y-3">
        {broadcast.mediaType && broadcast.mediaUrl && (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            Mídia: {BROADCAST_MEDIA_LABELS[broadcast.mediaType]}
            <MediaLink url={broadcast.mediaUrl} />
          </p>
        )}
        <TelegramPreview
          mediaType={broadcast.mediaType}
          mediaUrl={broadcast.mediaUrl ?? ''}
          text={broadcast.mediaType ? (broadcast.caption ?? '') : broadcast.message}
          rows={broadcast.buttons}
        />
      </CardContent>
    </Card>
  );
}

import { FileText, Film, Image as ImageIcon, Music } from 'lucide-react';
import { useState } from 'react';
import { BROADCAST_MEDIA_LABELS, broadcastUploadedMediaId, type BroadcastMediaType } from '@shared/broadcasts/schemas.ts';
import { useUploadedMediaSrc } from '../../../lib/media-blob.ts';
import { UserText } from '../../../components/ui/user-text.tsx';

const ICONS = { IMAGE: ImageIcon, VIDEO: Film, AUDIO: Music, DOCUMENT: FileText } as const;

type Props = { type: BroadcastMediaType; url: string };

/**
 * The media of a broadcast as the preview shows it: an image or a video itself, a labelled chip for audio and
 * documents or when there is nothing to show yet. Uploaded files need the session, so they come as an object URL.
 */
export function MediaView({ type, url }: Props) {
  if (!url.trim() || (type !== 'IMAGE' && type !== 'VIDEO')) return <MediaChip type={type} url={url} />;
  return broadcastUploadedMediaId(url) ? <UploadedMedia type={type} url={url} /> : <Media type={type} src={url} />;
}

function UploadedMedia({ type, url }: Props) {
  const media = useUploadedMediaSrc(url);
  if (media.failed) return <MediaChip type={type} url={url} broken />;
  if (!media.src) return <div aria-hidden="true" className="h-40 w-full animate-pulse rounded-xl bg-slate-200" />;
  return <Media type={type} src={media.src} />;
}

function Media({ type, src }: { type: BroadcastMediaType; src: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) return <MediaChip type={type} url={src} broken />;
  return type === 'IMAGE' ? (
    <img data-testid="preview-media" src={src} alt="Imagem do disparo" className="max-h-72 w-full rounded-xl object-cover" onError={() => setBroken(true)} />
  ) : (
    <video data-testid="preview-media" src={src} className="max-h-72 w-full rounded-xl bg-black" muted controls onError={() => setBroken(true)} />
  );
}

function MediaChip({ type, url, broken = false }: Props & { broken?: boolean }) {
  const Icon = ICONS[type];
  const name = url.trim() ? decodeURIComponent(url.split('/').pop() ?? '') : '';
  return (
    <div data-testid="preview-media" className="flex items-center gap-3 rounded-xl bg-sky-50 px-3 py-2.5 text-sm text-sky-900">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-sky-500 text-white">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="min-w-0">
        <span className="block font-medium">{BROADCAST_MEDIA_LABELS[type]}</span>
        <span className="block truncate text-xs text-sky-700">{broken ? 'Não foi possível carregar a mídia' : name ? <UserText reveal="all">{name}</UserText> : 'Informe a URL da mídia'}</span>
      </span>
    </div>
  );
}

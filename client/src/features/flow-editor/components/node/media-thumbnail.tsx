import { useState } from 'react';
import { uploadedMediaId } from '@shared/media/schemas.ts';
import { useUploadedMediaSrc } from '../../../../lib/media-blob.ts';
import { EDITOR_TEXTS } from '../../api/editor-texts.ts';
import { UserText } from '../../../../components/ui/user-text.tsx';

type Props = { url: string; mediaType: string; fileName?: string; className?: string };

/**
 * A send_media file as the editor shows it: the image or video itself, the file name for audio and documents, and
 * docs/product.md#screen-flow-editor's texts when the media fails to load or none is set. Uploaded files come through an object URL (their
 * URL needs the session); outside URLs are used directly, with no query behind them.
 */
export function MediaThumbnail(props: Props) {
  if (!props.url) return <p className="text-xs text-slate-400 italic">{EDITOR_TEXTS.noMedia}</p>;
  if (props.mediaType !== 'photo' && props.mediaType !== 'video') return <p className="truncate text-xs text-slate-600"><UserText reveal="all">{props.fileName || props.url}</UserText></p>;
  return uploadedMediaId(props.url) ? <UploadedMedia {...props} /> : <Media {...props} src={props.url} failed={false} />;
}

function UploadedMedia(props: Props) {
  const media = useUploadedMediaSrc(props.url);
  // Still loading: keep the space, show nothing broken.
  if (!media.src && !media.failed) return <div aria-hidden="true" className={`${props.className ?? ''} animate-pulse bg-slate-100`} />;
  return <Media {...props} src={media.src ?? ''} failed={media.failed} />;
}

function Media({ src, failed, mediaType, fileName, className }: Props & { src: string; failed: boolean }) {
  const [broken, setBroken] = useState(false);
  if (broken || failed) return <p className="text-xs text-red-600">{mediaType === 'video' ? EDITOR_TEXTS.videoError : EDITOR_TEXTS.imageError}</p>;
  return mediaType === 'photo' ? (
    <img src={src} alt={fileName ?? ''} className={className} onError={() => setBroken(true)} />
  ) : (
    <video src={src} className={className} muted onError={() => setBroken(true)} />
  );
}

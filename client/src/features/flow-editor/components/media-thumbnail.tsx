import { useState } from 'react';
import { useMediaSrc } from '../api/get-media-blob.ts';
import { EDITOR_TEXTS } from '../api/editor-texts.ts';

type Props = { url: string; mediaType: string; fileName?: string; className?: string };

/**
 * A send_media file as the editor shows it: the image or video itself (uploaded files through an object URL,
 * since their URL needs the session), the file name for audio and documents, and part 2 §2's texts when the
 * media fails to load or none is set.
 */
export function MediaThumbnail({ url, mediaType, fileName, className }: Props) {
  const media = useMediaSrc(url);
  const [broken, setBroken] = useState(false);
  if (!url) return <p className="text-xs text-slate-400 italic">{EDITOR_TEXTS.noMedia}</p>;
  if (broken || media.failed) return <p className="text-xs text-red-600">{mediaType === 'video' ? EDITOR_TEXTS.videoError : EDITOR_TEXTS.imageError}</p>;
  if (mediaType !== 'photo' && mediaType !== 'video') return <p className="truncate text-xs text-slate-600">{fileName || url}</p>;
  // Still loading an uploaded file: keep the space, show nothing broken.
  if (!media.src) return <div aria-hidden="true" className={`${className ?? ''} animate-pulse bg-slate-100`} />;
  return mediaType === 'photo' ? (
    <img src={media.src} alt={fileName ?? ''} className={className} onError={() => setBroken(true)} />
  ) : (
    <video src={media.src} className={className} muted onError={() => setBroken(true)} />
  );
}

import { FileUp, X } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { MEDIA_ACCEPT_ATTRIBUTE } from '@shared/media/schemas.ts';
import { useMediaUpload, type Uploaded } from '../lib/use-media-upload.ts';
import { Button } from './ui/button.tsx';

type Props = {
  /** The file input's name; shown above the control when `showLabel`, else only read out. */
  label: string;
  showLabel?: boolean;
  buttonText: string;
  /** The server's answer (the URL and the file's real type) and the file sent. */
  onUploaded: (uploaded: Uploaded, file: File) => void;
  /** Why a file cannot be sent now (no connection): the button is disabled and this is shown beside it. */
  unavailable?: string | undefined;
  /** "Enviando… 40%" beside the cancel button. */
  showPercent?: boolean;
  /** The button spans the field. */
  wide?: boolean;
  /** Above the control: the file chosen so far. */
  preview?: ReactNode;
  /** Under the control. */
  hint?: string;
  /** The last failure under the control, besides its toast. */
  showError?: boolean;
};

/**
 * Choosing a media file and sending it (POST /media/upload): a button opens the file picker, a progress bar with
 * "Cancelar envio" follows the upload, and `onUploaded` gets the server's answer. Every screen that uploads uses it.
 */
export function MediaUploadField({ label, showLabel = false, buttonText, onUploaded, unavailable, showPercent = false, wide = false, preview, hint, showError = false }: Props) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { state, upload, cancel } = useMediaUpload(onUploaded);
  return (
    <div className="space-y-2">
      {showLabel && (
        <label htmlFor={inputId} className="block text-xs font-medium text-slate-600">
          {label}
        </label>
      )}
      {preview}
      {state.status === 'uploading' ? (
        <UploadProgress percent={Math.round(state.progress * 100)} showPercent={showPercent} onCancel={cancel} />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button size="sm" variant="outline" className={wide ? 'w-full' : undefined} disabled={unavailable !== undefined} icon={<FileUp aria-hidden="true" className="size-4" />} onClick={() => input.current?.click()}>
            {buttonText}
          </Button>
          {unavailable !== undefined && <span className="text-xs text-slate-500">{unavailable}</span>}
        </div>
      )}
      {showError && state.status === 'failed' && (
        <p role="alert" className="text-xs text-red-600">
          {state.message}
        </p>
      )}
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
      <input
        ref={input}
        id={inputId}
        type="file"
        aria-label={showLabel ? undefined : label}
        accept={MEDIA_ACCEPT_ATTRIBUTE}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
    </div>
  );
}

function UploadProgress({ percent, showPercent, onCancel }: { percent: number; showPercent: boolean; onCancel: () => void }) {
  const cancel = (
    <button type="button" className="flex items-center gap-1 text-xs text-slate-600 hover:text-red-600" onClick={onCancel}>
      <X aria-hidden="true" className="size-3.5" /> Cancelar envio
    </button>
  );
  return (
    <div className="space-y-1">
      <div role="progressbar" aria-label="Enviando arquivo" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-slate-100">
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {showPercent ? (
        <div className="flex items-center justify-between text-xs text-slate-500">
          <span>Enviando… {percent}%</span>
          {cancel}
        </div>
      ) : (
        cancel
      )}
    </div>
  );
}

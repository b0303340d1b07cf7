import { Handle, Position } from '@xyflow/react';
import { buttonHandleId, isFlowButton } from '../../../../../shared/flows/buttons.ts';
import type { FlowNode } from '../../../../../shared/flows/graph.ts';
import { buttonRows } from '../model/xyflow-mapping.ts';
import { MediaThumbnail } from './media-thumbnail.tsx';
import { describeConfig, DELAY_UNIT_LABELS } from './panel/field-labels.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The card body: media preview, message text, button list, delay note or the config as key/value pairs. */
export function NodeCardBody({ node }: { node: FlowNode }) {
  const { config } = node;
  switch (node.subType) {
    case 'send_text':
      return <Message text={text(config.message)} />;
    case 'send_media':
      return <MediaPreview config={config} />;
    case 'send_buttons':
      return (
        <div>
          <Message text={text(config.message)} />
          <ul className="space-y-1 px-3 pb-3">
            {buttonRows(config).map((row, r) =>
              row.map((button, i) => (
                <li key={`${r}-${i}`} className="relative rounded-md border border-purple-200 bg-purple-50 px-2 py-1 text-center text-xs font-medium text-purple-800">
                  {button.text || 'Botão'}
                  {isFlowButton(button) && (
                    <Handle type="source" position={Position.Right} id={buttonHandleId(r, i)} className="!-right-4 !size-3 !border-2 !border-white !bg-purple-500" />
                  )}
                </li>
              )),
            )}
          </ul>
        </div>
      );
    case 'delay':
      return (
        <p className="px-3 py-2 text-sm text-slate-600">
          Aguarda {String(config.duration ?? 5)} {DELAY_UNIT_LABELS[text(config.unit)] ?? text(config.unit)}
        </p>
      );
    default:
      return <KeyValues pairs={describeConfig(config)} />;
  }
}

function Message({ text: message }: { text: string }) {
  return <p className="line-clamp-4 px-3 py-2 text-sm whitespace-pre-wrap text-slate-700">{message || <span className="text-slate-400 italic">Sem mensagem</span>}</p>;
}

function KeyValues({ pairs }: { pairs: [string, string][] }) {
  if (pairs.length === 0) return <p className="px-3 py-2 text-xs text-slate-400 italic">Sem configuração</p>;
  return (
    <dl className="space-y-0.5 px-3 py-2 text-xs">
      {pairs.map(([key, value]) => (
        <div key={key} className="flex gap-1">
          <dt className="shrink-0 text-slate-500">{key}:</dt>
          <dd className="truncate font-medium text-slate-700">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function MediaPreview({ config }: { config: Record<string, unknown> }) {
  const url = text(config.url) || text(config.blobUrl);
  return (
    <div className="space-y-1 px-3 py-2">
      <MediaThumbnail url={url} mediaType={text(config.mediaType)} fileName={text(config.fileName)} className="max-h-32 w-full rounded object-cover" />
      {text(config.caption) && <p className="line-clamp-2 text-xs text-slate-600">{text(config.caption)}</p>}
    </div>
  );
}

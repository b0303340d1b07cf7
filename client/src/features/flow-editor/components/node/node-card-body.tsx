import { Handle, Position } from '@xyflow/react';
import { buttonHandleId, isFlowButton } from '@shared/flows/buttons.ts';
import type { FlowNode } from '@shared/flows/graph.ts';
import { buttonRows } from '../../model/xyflow-mapping.ts';
import { MediaThumbnail } from './media-thumbnail.tsx';
import { useNodeFigures } from './node-figures-context.tsx';
import { describeConfig, DELAY_UNIT_LABELS } from '../panel/field-labels.ts';
import { formatCount } from '../../../../lib/format.ts';
import { UserText } from '../../../../components/ui/user-text.tsx';

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
      return <ButtonsBody node={node} />;
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

/** The message and its buttons; callback buttons show their clicks and share (node analytics, docs/product.md#entity-node). */
function ButtonsBody({ node }: { node: FlowNode }) {
  const { buttonClicks } = useNodeFigures(node.id);
  return (
    <div>
      <Message text={text(node.config.message)} />
      <ul className="space-y-1 px-3 pb-3">
        {buttonRows(node.config).map((row, r) =>
          row.map((button, i) => {
            const clicks = button.type === 'url' ? undefined : (buttonClicks.find((b) => b.buttonId === buttonHandleId(r, i)) ?? { clicks: 0, percentage: 0 });
            return (
              <li key={`${r}-${i}`} className="relative flex items-center gap-2 rounded-md border border-purple-200 bg-purple-50 px-2 py-1 text-xs font-medium text-purple-800">
                <span className="min-w-0 flex-1 truncate text-center">{button.text || 'Botão'}</span>
                {clicks && (
                  <span data-testid="button-clicks" title={`${formatCount(clicks.clicks, 'clique', 'cliques')} (${clicks.percentage}%)`} className="shrink-0 rounded-full bg-purple-200/70 px-1.5 text-[10px] text-purple-900">
                    {clicks.clicks} · {clicks.percentage.toLocaleString('pt-BR')}%
                  </span>
                )}
                {isFlowButton(button) && (
                  <Handle type="source" position={Position.Right} id={buttonHandleId(r, i)} className="!-right-4 !size-3 !border-2 !border-white !bg-purple-500" />
                )}
              </li>
            );
          }),
        )}
      </ul>
    </div>
  );
}

function Message({ text: message }: { text: string }) {
  return <p className="line-clamp-4 px-3 py-2 text-sm whitespace-pre-wrap text-slate-700">{message ? <UserText reveal="links">{message}</UserText> : <span className="text-slate-400 italic">Sem mensagem</span>}</p>;
}

function KeyValues({ pairs }: { pairs: [string, string][] }) {
  if (pairs.length === 0) return <p className="px-3 py-2 text-xs text-slate-400 italic">Sem configuração</p>;
  return (
    <dl className="space-y-0.5 px-3 py-2 text-xs">
      {pairs.map(([key, value]) => (
        <div key={key} className="flex gap-1">
          <dt className="shrink-0 text-slate-500">{key}:</dt>
          <dd className="truncate font-medium text-slate-700"><UserText reveal="links">{value}</UserText></dd>
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
      {text(config.caption) && <p className="line-clamp-2 text-xs text-slate-600"><UserText reveal="links">{text(config.caption)}</UserText></p>}
    </div>
  );
}

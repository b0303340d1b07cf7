import type { ReactNode } from 'react';
import type { Pixel } from '@shared/pixels/schemas.ts';
import { DataCard } from '../../../components/data-card.tsx';
import { DataList, type DataColumn } from '../../../components/data-list.tsx';
import { formatUpdatedDate } from '../utils/format-updated.ts';
import { PixelActions, type PixelAction } from './pixel-actions.tsx';
import { PixelStatus } from './pixel-status.tsx';
import { UserText } from '../../../components/ui/user-text.tsx';

type Props = { pixels: Pixel[]; onAction: (action: PixelAction, pixel: Pixel) => void; disabled: boolean; empty?: ReactNode };

/** The name the operator gave it; Meta's Pixel ID has its own column (the internal id means nothing to anyone). */
const Name = ({ pixel }: { pixel: Pixel }) => <span className="block min-w-0 font-semibold break-words text-slate-900"><UserText>{pixel.name}</UserText></span>;

const Token = ({ pixel }: { pixel: Pixel }) => <code className="font-mono text-xs break-words text-slate-600">{pixel.tokenPreview}</code>;

function columns({ onAction, disabled }: Pick<Props, 'onAction' | 'disabled'>): DataColumn<Pixel>[] {
  return [
    { header: 'Nome', cell: (pixel) => <Name pixel={pixel} />, className: 'max-w-sm' },
    { header: 'Pixel ID', cell: (pixel) => pixel.pixelId, className: 'font-mono text-slate-800' },
    { header: 'Token', cell: (pixel) => <Token pixel={pixel} /> },
    { header: 'Entregas', cell: (pixel) => <PixelStatus pixel={pixel} />, className: 'max-w-sm' },
    { header: 'Atualizado em', cell: (pixel) => formatUpdatedDate(pixel.updatedAt), className: 'whitespace-nowrap text-slate-600' },
    { header: 'Ações', alignEnd: true, cell: (pixel) => <PixelActions pixel={pixel} onAction={onAction} disabled={disabled} compact /> },
  ];
}

/** The pixels as a table on wide screens, cards on a phone (docs/product.md#screen-pixels). */
export function PixelList({ pixels, onAction, disabled, empty }: Props) {
  const card = (pixel: Pixel) => (
    <DataCard
      key={pixel.id}
      label={pixel.name}
      testId="pixel-card"
      title={<Name pixel={pixel} />}
      below={<PixelStatus pixel={pixel} />}
      fields={[
        { label: 'Pixel ID', value: pixel.pixelId, className: 'font-mono break-words text-slate-800' },
        { label: 'Token', value: <Token pixel={pixel} /> },
        { label: 'Atualizado em', value: formatUpdatedDate(pixel.updatedAt), wide: true, className: 'text-slate-700' },
      ]}
      actions={<PixelActions pixel={pixel} onAction={onAction} disabled={disabled} />}
    />
  );
  return <DataList rows={pixels} rowKey={(pixel) => pixel.id} columns={columns({ onAction, disabled })} card={card} label="Pixels" rowTestId="pixel-row" empty={empty} />;
}

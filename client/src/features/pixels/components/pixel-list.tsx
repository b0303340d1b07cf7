import type { Pixel } from '@shared/pixels/schemas.ts';
import { formatUpdatedDate } from '../utils/format-updated.ts';
import { PixelActions, type PixelAction } from './pixel-actions.tsx';
import { PixelStatus } from './pixel-status.tsx';

type Props = { pixels: Pixel[]; onAction: (action: PixelAction, pixel: Pixel) => void; disabled: boolean };

function Name({ pixel }: { pixel: Pixel }) {
  return (
    <div className="min-w-0">
      <span className="block font-semibold break-words text-slate-900">{pixel.name}</span>
      <span className="block font-mono text-xs break-words text-slate-500" title="ID interno">
        ID: {pixel.id}
      </span>
    </div>
  );
}

const Token = ({ pixel }: { pixel: Pixel }) => <code className="font-mono text-xs break-words text-slate-600">{pixel.tokenPreview}</code>;

/** A table on wide screens, cards on a phone (docs/product.md#screen-pixels). */
export function PixelList({ pixels, onAction, disabled }: Props) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200/80 bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-100 bg-slate-50/60 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              <th className="px-4 py-3">Nome</th>
              <th className="px-4 py-3">Pixel ID</th>
              <th className="px-4 py-3">Token</th>
              <th className="px-4 py-3">Status</th>
              <th className="px-4 py-3">Atualizado em</th>
              <th className="px-4 py-3 text-right">Ações</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {pixels.map((pixel) => (
              <tr key={pixel.id} data-testid="pixel-row">
                <td className="max-w-sm px-4 py-3">
                  <Name pixel={pixel} />
                </td>
                <td className="px-4 py-3 font-mono text-slate-800">{pixel.pixelId}</td>
                <td className="px-4 py-3">
                  <Token pixel={pixel} />
                </td>
                <td className="max-w-sm px-4 py-3">
                  <PixelStatus pixel={pixel} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-600">{formatUpdatedDate(pixel.updatedAt)}</td>
                <td className="px-4 py-3">
                  <PixelActions pixel={pixel} onAction={onAction} disabled={disabled} compact />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label="Pixels" className="space-y-3 md:hidden">
        {pixels.map((pixel) => (
          <li key={pixel.id} data-testid="pixel-card" aria-label={pixel.name} className="min-w-0 rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm">
            <Name pixel={pixel} />
            <div className="mt-2">
              <PixelStatus pixel={pixel} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">Pixel ID</dt>
                <dd className="font-mono break-words text-slate-800">{pixel.pixelId}</dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">Token</dt>
                <dd>
                  <Token pixel={pixel} />
                </dd>
              </div>
              <div className="col-span-2">
                <dt className="text-xs text-slate-500">Atualizado em</dt>
                <dd className="text-slate-700">{formatUpdatedDate(pixel.updatedAt)}</dd>
              </div>
            </dl>
            <div className="mt-3 border-t border-slate-100 pt-3">
              <PixelActions pixel={pixel} onAction={onAction} disabled={disabled} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

import { useModalChannels } from '../api/flow-rows.ts';
import { UserText } from '../../../components/ui/user-text.tsx';

type Props = { botId: string; selected: string[]; onToggle: (channelId: string) => void; error?: string | undefined };

/** The chosen bot's channels as a scrolling checkbox list (docs/product.md#screen-flows: height 64 units). */
export function ChannelPicker({ botId, selected, onToggle, error }: Props) {
  const list = useModalChannels(botId);
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">Canais</legend>
      <div className="h-64 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2">
        {!botId ? (
          <p className="p-2 text-sm text-slate-500">Selecione um bot para ver os canais.</p>
        ) : list.length === 0 ? (
          <p className="p-2 text-sm text-slate-500">Nenhum canal encontrado para este bot.</p>
        ) : (
          list.map((channel) => (
            <label key={channel.id} className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-50">
              <input type="checkbox" className="size-4 accent-brand-600" checked={selected.includes(channel.channelId)} onChange={() => onToggle(channel.channelId)} />
              <span className="truncate"><UserText>{channel.channelName}</UserText></span>
              <span className="ml-auto text-xs text-slate-400">{channel.channelType === 'supergroup' ? 'Supergrupo' : 'Canal'}</span>
            </label>
          ))
        )}
      </div>
      {error && <p className="mt-1.5 text-sm text-red-600">{error}</p>}
    </fieldset>
  );
}

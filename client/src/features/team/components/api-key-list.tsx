import { KeyRound, Trash2 } from 'lucide-react';
import { API_KEY_AREA_LABELS, API_KEY_AREAS, type ApiKey, type ApiKeyScope } from '@shared/api-keys/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { formatDateTime } from '../../../lib/format.ts';

/** "Contatos: alterar · Bots: ler", "Tudo: ler". */
function scopeText(scopes: readonly ApiKeyScope[]): string {
  const label = (area: string) => {
    const known = API_KEY_AREAS.find((candidate) => candidate === area);
    return known ? API_KEY_AREA_LABELS[known] : 'Tudo';
  };
  return scopes.map((scope) => {
    const [area = '', access] = scope.split(':');
    return `${label(area)}: ${access === 'write' ? 'alterar' : 'ler'}`;
  }).join(' · ');
}

type Props = { apiKeys: ApiKey[]; disabled: boolean; onRevoke: (key: ApiKey) => void };

/** The live keys: name, display prefix, permissions, creation and last use (pt-BR dates), each with "Revogar". */
export function ApiKeyList({ apiKeys, disabled, onRevoke }: Props) {
  return (
    <ul aria-label="Chaves de API" className="divide-y divide-slate-100">
      {apiKeys.map((key) => (
        <li key={key.id} className="flex flex-wrap items-center gap-3 px-5 py-3 sm:px-6">
          <KeyRound aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-900">{key.name}</p>
            <p className="font-mono text-xs text-slate-600">{key.prefix}…</p>
            <p className="text-xs text-slate-500">{scopeText(key.scopes)}</p>
            <p className="text-xs text-slate-500">
              Criada em {formatDateTime(key.createdAt)} · {key.lastUsedAt ? `Último uso em ${formatDateTime(key.lastUsedAt)}` : 'Nunca usada'}
            </p>
          </div>
          <Button variant="ghost" size="sm" disabled={disabled} aria-label={`Revogar a chave ${key.name}`} icon={<Trash2 aria-hidden="true" className="size-4" />} onClick={() => onRevoke(key)}>
            Revogar
          </Button>
        </li>
      ))}
    </ul>
  );
}

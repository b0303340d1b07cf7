import type { DeletionImpact } from '@shared/account/schemas.ts';

const NOUNS: ReadonlyArray<readonly [keyof DeletionImpact, string, string]> = [
  ['bots', 'bot', 'bots'],
  ['contacts', 'contato', 'contatos'],
  ['conversations', 'conversa', 'conversas'],
  ['messages', 'mensagem', 'mensagens'],
  ['flows', 'fluxo', 'fluxos'],
  ['broadcasts', 'disparo', 'disparos'],
  ['funnels', 'funil', 'funis'],
  ['pixels', 'pixel', 'pixels'],
  ['mediaFiles', 'arquivo de mídia', 'arquivos de mídia'],
];

/** The non-zero counts as pt-BR phrases ("2 bots", "1 contato", "1.250 mensagens"), in the screen's order. */
export function deletionLines(impact: DeletionImpact): string[] {
  return NOUNS.filter(([key]) => impact[key] > 0).map(([key, one, many]) => `${impact[key].toLocaleString('pt-BR')} ${impact[key] === 1 ? one : many}`);
}

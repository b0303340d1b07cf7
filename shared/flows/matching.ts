/**
 * Trigger matching rules of docs/decisions.md#d-flow-engine, pure so the engine and any preview agree: trigger_message is a case- and
 * accent-insensitive "contains" (`*` matches any text); trigger_command accepts `/cmd` and `/cmd@botusername`.
 */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

export function messageMatches(pattern: string, text: string): boolean {
  const wanted = pattern.trim();
  if (wanted === '') return false;
  if (wanted === '*') return true;
  return foldText(text).includes(foldText(wanted));
}

/** The command's argument text ('' when none) when `text` invokes `command`, undefined otherwise. */
export function commandArgs(command: string, text: string, botUsername: string | undefined): string | undefined {
  const name = command.trim().replace(/^\/+/, '').toLowerCase();
  if (name === '' || !text.startsWith('/')) return undefined;
  const head = text.split(/\s/, 1)[0] ?? '';
  const [invoked = '', target] = head.slice(1).split('@');
  if (invoked.toLowerCase() !== name) return undefined;
  if (target !== undefined && target.toLowerCase() !== (botUsername ?? '').toLowerCase()) return undefined;
  return text.slice(head.length).trim();
}

/** A delay as the test transcript says it, in pt-BR short units: 3 s, 5 min, 1 min 30 s, 2 h. */
const UNIT_SECONDS: Record<string, number> = { seconds: 1, minutes: 60, hours: 3600 };

export function delayText(duration: number, unit: string): string {
  const total = Math.max(0, Math.round(duration * (UNIT_SECONDS[unit] ?? 1)));
  const parts: [number, string][] = [
    [Math.floor(total / 3600), 'h'],
    [Math.floor((total % 3600) / 60), 'min'],
    [total % 60, 's'],
  ];
  const shown = parts.filter(([value]) => value > 0).map(([value, short]) => `${value.toLocaleString('pt-BR')} ${short}`);
  return shown.length > 0 ? shown.join(' ') : '0 s';
}

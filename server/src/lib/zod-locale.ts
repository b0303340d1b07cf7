/**
 * Zod's default issue texts are English. The shared schemas carry their own pt-BR texts, but a field without one
 * (e.g. `refreshToken: z.string().min(1)`) or a bad environment variable would still answer in English; this
 * switches the server process's defaults to Portuguese. Zod's Portuguese is European ("Demasiado pequeno…"), so
 * the issues a request most often trips over get Brazilian wording here; the rest keep Zod's Portuguese.
 * Imported for its side effect by env.ts and validate.ts.
 */
import { z } from 'zod';

const portuguese = z.locales.pt().localeError;

const UNITS: Record<string, [string, string]> = { string: ['caractere', 'caracteres'], array: ['item', 'itens'], set: ['item', 'itens'], file: ['byte', 'bytes'] };

function bound(origin: string, limit: unknown) {
  const units = UNITS[origin];
  if (!units) return String(limit);
  return `${String(limit)} ${Number(limit) === 1 ? units[0] : units[1]}`;
}

export const brazilianError: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'Campo obrigatório' : 'Valor inválido';
    case 'too_small': {
      const limit = bound(issue.origin, issue.minimum);
      if (UNITS[issue.origin]) return `Deve ter ${issue.inclusive === false ? 'mais de' : 'pelo menos'} ${limit}`;
      return issue.inclusive === false ? `Deve ser maior que ${limit}` : `Deve ser no mínimo ${limit}`;
    }
    case 'too_big': {
      const limit = bound(issue.origin, issue.maximum);
      if (UNITS[issue.origin]) return `Deve ter ${issue.inclusive === false ? 'menos de' : 'no máximo'} ${limit}`;
      return issue.inclusive === false ? `Deve ser menor que ${limit}` : `Deve ser no máximo ${limit}`;
    }
    case 'invalid_value':
      return 'Opção inválida';
    default:
      return portuguese(issue);
  }
};

z.config({ localeError: brazilianError });

import { formatDate } from '../../lib/format.ts';

/** "Vitalício" for an access without an end, else its pt-BR date. */
export const accessUntilLabel = (accessUntil: string | null) => (accessUntil === null ? 'Vitalício' : formatDate(accessUntil));

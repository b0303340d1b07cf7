/** The `contacts.import` job (import-job.ts): writes a started import's lines in batches. */
import { z } from 'zod';
import { jobKind } from '../../jobs/queue.ts';

export const contactImportJob = jobKind('contacts.import', z.object({ importId: z.string() }));

/**
 * The import dialog's steps: a file and its bot, the columns mapped (guessed from the header the device reads from
 * the file's start), the server's dry-run, then the job's progress polled each second until it ends. Closing the
 * dialog stops the polling, not the import.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { csvHeader, decodeCsvBytes } from '@shared/contacts/csv-parse.ts';
import { CONTACT_IMPORT_LIMITS, guessMapping, type ContactImport, type ContactImportMapping } from '@shared/contacts/import.ts';
import { ERROR_MESSAGES } from '@shared/errors/codes.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSyncNow } from '../../../offline/hooks.ts';
import { CONTACT_FILE_TEXTS, checkImport, importProgress, startImport } from '../api/contact-import.ts';

export type ImportStep = 'pick' | 'checking' | 'checked' | 'starting' | 'running' | 'done';

/** The header is read from the file's first 64 KB: enough for any header, without reading a 20 MB file here. */
const HEADER_BYTES = 64 * 1024;
const POLL_MS = 1000;

export function useContactImport(defaultBotId: string) {
  const [file, setFile] = useState<File | null>(null);
  const [columns, setColumns] = useState<string[]>([]);
  const [mapping, setMapping] = useState<ContactImportMapping>(guessMapping([]));
  const [botId, setBotId] = useState(defaultBotId);
  const [step, setStep] = useState<ImportStep>('pick');
  const [result, setResult] = useState<ContactImport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const syncNow = useSyncNow();

  const choose = useCallback(async (chosen: File | null) => {
    setError(null);
    setFile(chosen);
    if (!chosen) return setColumns([]);
    if (chosen.size > CONTACT_IMPORT_LIMITS.maxBytes) return setError(ERROR_MESSAGES.CONTACT_IMPORT_TOO_LARGE);
    const header = csvHeader(decodeCsvBytes(new Uint8Array(await chosen.slice(0, HEADER_BYTES).arrayBuffer())));
    if (header.columns.length === 0) return setError(ERROR_MESSAGES.CONTACT_IMPORT_UNREADABLE);
    setColumns(header.columns);
    setMapping(guessMapping(header.columns));
  }, []);

  const check = useCallback(async () => {
    if (!file) return;
    setStep('checking');
    setError(null);
    try {
      setResult(await checkImport(file, botId, mapping));
      setStep('checked');
    } catch (failure) {
      setError(errorMessage(failure, CONTACT_FILE_TEXTS.importError));
      setStep('pick');
    }
  }, [file, botId, mapping]);

  const start = useCallback(async () => {
    if (!result) return;
    setStep('starting');
    try {
      setResult(await startImport(result.id));
      setStep('running');
    } catch (failure) {
      setError(errorMessage(failure, CONTACT_FILE_TEXTS.importError));
      setStep('checked');
    }
  }, [result]);

  useImportPolling(step === 'running' ? result?.id : undefined, (state) => {
    setResult(state);
    if (state.status === 'done' || state.status === 'failed') {
      setStep('done');
      void syncNow();
    }
  }, setError);

  const back = useCallback(() => {
    setStep('pick');
    setResult(null);
  }, []);

  return { file, columns, mapping, setMapping, botId, setBotId, step, result, error, choose, check, start, back };
}

/** Polls the import each second while `importId` is set, until `onState` moves the dialog on. */
function useImportPolling(importId: string | undefined, onState: (state: ContactImport) => void, onError: (message: string) => void) {
  const latest = useRef({ onState, onError });
  latest.current = { onState, onError };
  useEffect(() => {
    if (!importId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = async () => {
      try {
        const state = await importProgress(importId);
        if (stopped) return;
        latest.current.onState(state);
        if (state.status === 'done' || state.status === 'failed') return;
      } catch (failure) {
        if (!stopped) latest.current.onError(errorMessage(failure, CONTACT_FILE_TEXTS.progressError));
      }
      if (!stopped) timer = setTimeout(() => void poll(), POLL_MS);
    };
    timer = setTimeout(() => void poll(), POLL_MS / 2);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [importId]);
}

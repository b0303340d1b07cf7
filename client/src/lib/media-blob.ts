/**
 * An uploaded file for the card preview. `/api/media/{id}` needs the bearer token, which an <img src> cannot
 * send, so the bytes are fetched here and shown through an object URL. A file id never changes content, so the
 * Blob is kept for the session (staleTime Infinity); outside URLs are shown directly and never fetched.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from './api-client.ts';
import { api } from './api.ts';

async function fetchMediaBlob(url: string): Promise<Blob> {
  const sentToken = api.accessToken();
  const get = (token: string | undefined | null) => fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  let response = await get(sentToken);
  if (response.status === 401) response = await get(await api.tokenAfter401(sentToken).catch(() => null));
  if (!response.ok) throw new ApiError(response.status, `HTTP_${response.status}`, 'Mídia indisponível');
  return response.blob();
}

export const mediaBlobQueryOptions = (url: string) =>
  queryOptions({
    queryKey: ['media', url] as const,
    queryFn: () => fetchMediaBlob(url),
    staleTime: Number.POSITIVE_INFINITY,
    // A broken preview shows "Erro ao carregar imagem" on the card itself: no toast, no retry.
    retry: false,
  });

/** An object URL of an uploaded file once loaded (revoked when the component goes away or the file changes). */
export function useUploadedMediaSrc(url: string): { src: string | undefined; failed: boolean } {
  const blob = useQuery(mediaBlobQueryOptions(url));
  const [objectUrl, setObjectUrl] = useState<string>();
  useEffect(() => {
    if (!blob.data) return undefined;
    const next = URL.createObjectURL(blob.data);
    setObjectUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob.data]);
  return { src: blob.data ? objectUrl : undefined, failed: blob.isError };
}

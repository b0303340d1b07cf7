/**
 * Saving a file the API makes (a data export): the request needs the bearer token, which a plain link cannot send,
 * so the file is fetched here (one refresh and retry on a 401, as every API call) and handed to the browser's
 * download as an object URL, under the name the server gave it.
 */
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-client.ts';
import { api } from './api.ts';

const FILE_NAME = /filename="([^"]+)"/;

function fileNameOf(response: Response, fallback: string) {
  return FILE_NAME.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
}

function save(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the blob by the time a minute has passed; the URL is freed then.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** Downloads `/api{path}`; throws ApiError with `errorMessage` (or the network's) when it cannot. */
export async function downloadApiFile(path: string, fallbackName: string, errorMessage: string): Promise<void> {
  const get = (token: string | null | undefined) =>
    fetch(`/api${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} }).catch(() => {
      throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
    });
  const sentToken = api.accessToken();
  let response = await get(sentToken);
  if (response.status === 401) response = await get(await api.tokenAfter401(sentToken).catch(() => null));
  if (!response.ok) throw new ApiError(response.status, `HTTP_${response.status}`, errorMessage);
  save(await response.blob(), fileNameOf(response, fallbackName));
}

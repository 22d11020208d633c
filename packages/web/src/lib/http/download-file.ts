import { ERROR_CODES } from '@netloom/domain';
import { sessionStore } from '@/lib/session/session-store';
import { recoverFromInvalidToken } from '@/lib/session/session-recovery';
import { ApiError, apiErrorFromResponse, CLIENT_ERROR_CODES } from './api-error';
import { apiUrl, type Query } from './transport';

async function fetchFile(path: string, query?: Query): Promise<Response> {
  const access = sessionStore.current()?.access;
  try {
    return await fetch(apiUrl(path, query), { headers: access ? { Authorization: `Bearer ${access}` } : {}, credentials: 'same-origin' });
  } catch {
    throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, detail: 'No Connectivity' });
  }
}

async function errorOf(res: Response): Promise<ApiError> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the status says enough.
  }
  return apiErrorFromResponse(res.status, body);
}

/** The file name the server gave (Content-Disposition), else the caller's. */
function fileNameOf(res: Response, fallback: string): string {
  const header = res.headers.get('Content-Disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? fallback;
}

/**
 * Downloads a file the API serves to signed-in users only: a link cannot carry the bearer token,
 * so the file is fetched (refreshing an expired token once, as every call does) and saved from a blob.
 */
export async function downloadFile(path: string, fallbackName: string, query?: Query): Promise<void> {
  let res = await fetchFile(path, query);
  if (!res.ok) {
    const error = await errorOf(res);
    if (error.code !== ERROR_CODES.tokenNotValid || !(await recoverFromInvalidToken())) throw error;
    res = await fetchFile(path, query);
    if (!res.ok) throw await errorOf(res);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(res, fallbackName);
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers start the download after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

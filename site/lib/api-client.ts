// The one way the islands talk to the API (docs/product.md §7): credentials always, a JSON body only when there
// is one, and every non-OK answer turned into an ApiError carrying the server's message and fields.
import type { ApiErrorBody } from '#contracts/common.ts';

const BASE = (import.meta.env.PUBLIC_API_URL as string | undefined)?.replace(/\/$/, '') ?? '';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function api<T>(method: Method, path: string, body?: unknown, init?: RequestInit): Promise<T> {
  const response = await fetch(`${BASE}${path}`, {
    ...init,
    method,
    credentials: 'include',
    headers:
      body === undefined || body instanceof FormData
        ? init?.headers
        : { 'Content-Type': 'application/json', ...init?.headers },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw errorFrom(response, text);
  return (text ? JSON.parse(text) : null) as T;
}

function errorFrom(response: Response, text: string): ApiError {
  try {
    const parsed = JSON.parse(text) as Partial<ApiErrorBody>;
    if (parsed.error?.message) {
      return new ApiError(response.status, parsed.error.code, parsed.error.message, parsed.error.fields);
    }
  } catch {
    // not our error shape: fall through to the "status: text" message
  }
  return new ApiError(response.status, 'http_error', `${response.status}: ${text || response.statusText}`);
}

export const getJson = <T>(path: string) => api<T>('GET', path);
export const postJson = <T>(path: string, body?: unknown) => api<T>('POST', path, body);
export const patchJson = <T>(path: string, body?: unknown) => api<T>('PATCH', path, body);
export const putJson = <T>(path: string, body?: unknown) => api<T>('PUT', path, body);
export const deleteJson = <T>(path: string) => api<T>('DELETE', path);

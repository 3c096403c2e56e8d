// Sends one file to POST /api/upload/image or /api/upload/video with XMLHttpRequest, whose upload
// progress events drive the forms' progress bars (fetch has no upload progress). Errors arrive as the
// api-client's ApiError, so the forms show the server's message.
import type { UploadResult } from '#contracts/puppies.ts';
import { ApiError } from './api-client.ts';

const BASE = (import.meta.env.PUBLIC_API_URL as string | undefined)?.replace(/\/$/, '') ?? '';

export type MediaKind = 'image' | 'video';

/** the answer had no url (docs/product.md §8: 'Media upload failed') */
export class MediaUploadError extends Error {}

export function uploadMedia(kind: MediaKind, file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${BASE}/api/upload/${kind}`);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    });
    xhr.addEventListener('load', () => {
      let body: Partial<UploadResult> & {
        error?: { code?: string; message?: string; fields?: Record<string, string> };
      } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // not JSON: the status line below says what happened
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        if (body.url) resolve(body.url);
        else reject(new MediaUploadError('Media upload failed'));
        return;
      }
      const message = body.error?.message ?? `${xhr.status}: ${xhr.responseText || xhr.statusText}`;
      reject(new ApiError(xhr.status, body.error?.code ?? 'http_error', message, body.error?.fields));
    });
    xhr.addEventListener('error', () => reject(new Error('The connection was lost during the upload.')));
    xhr.addEventListener('abort', () => reject(new Error('The upload was cancelled.')));
    const form = new FormData();
    form.append(kind === 'image' ? 'puppyImage' : 'puppyVideo', file);
    xhr.send(form);
  });
}

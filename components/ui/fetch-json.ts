import { validationErrorIn } from '@/lib/core/validation-text';

/** Error answer of an API route, carrying the bilingual body the server sent. */
export class FetchError extends Error {
  constructor(
    readonly status: number,
    readonly body: { errorCode?: string; message?: { en: string; ar: string }; validationErrors?: string[] } | null,
  ) {
    super(body?.errorCode ?? `HTTP ${status}`);
  }

  get errorCode(): string | undefined {
    return this.body?.errorCode;
  }

  /** A validation error's entries (`path: message`) in the page's language. */
  validationErrorsIn(locale: string): string[] {
    return (this.body?.validationErrors ?? []).map((entry) => validationErrorIn(entry, locale));
  }

  /** The server's message in the page's language, or the failing fields of a validation error. */
  messageIn(locale: string): string {
    if (this.body?.validationErrors?.length) return this.validationErrorsIn(locale).join(locale === 'ar' ? '؛ ' : '; ');
    const message = this.body?.message;
    if (!message) return this.message;
    return locale === 'ar' ? message.ar : message.en;
  }
}

/**
 * Calls an API route with the officer's session cookie; a non-2xx answer throws a FetchError. A
 * FormData body (an upload) goes as multipart/form-data with the browser's boundary; anything else
 * is JSON.
 */
export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const json = !(typeof FormData !== 'undefined' && init?.body instanceof FormData);
  const response = await fetch(url, {
    ...init,
    headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...init?.headers },
    credentials: 'same-origin',
  });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new FetchError(response.status, body);
  return body as T;
}

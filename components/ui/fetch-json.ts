/** Error from an internal route, carrying the bilingual message the server sent. */
export class FetchError extends Error {
  constructor(
    readonly status: number,
    readonly body: { errorCode?: string; message?: { en: string; ar: string } } | null,
  ) {
    super(body?.errorCode ?? `HTTP ${status}`);
  }

  messageIn(locale: string): string {
    const message = this.body?.message;
    if (!message) return this.message;
    return locale === 'ar' ? message.ar : message.en;
  }
}

export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init?.headers }, credentials: 'same-origin' });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new FetchError(response.status, body);
  return body as T;
}

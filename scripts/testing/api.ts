type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface CallOptions {
  headers?: Record<string, string>;
  /** JSON-serialised unless it is already a string, FormData or Uint8Array. */
  body?: unknown;
  params?: Record<string, string>;
}

export interface CallResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * Calls a route handler exactly as Next.js does (a real Request in, a real Response out),
 * without starting a server. Browser tests cover the served app.
 */
export async function callRoute<T = any>(handler: Handler, method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
  const headers = new Headers(options.headers);
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (typeof options.body === 'string' || options.body instanceof FormData || options.body instanceof Uint8Array) {
      body = options.body as BodyInit;
    } else {
      body = JSON.stringify(options.body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
  }
  const request = new Request(`http://127.0.0.1${path}`, { method, headers, body });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Non-JSON responses (downloads) are returned as text.
  }
  return { status: response.status, headers: response.headers, body: parsed as T };
}

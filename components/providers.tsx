'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { z } from 'zod';
import { FetchError } from '@/components/ui/fetch-json';

// zod 4 compiles validators with `new Function` when it may; its probe for that is reported as a
// violation of the pages' Content-Security-Policy (no 'unsafe-eval'). Forms validate fine without it.
z.config({ jitless: true });

/** One retry, except for answers that a retry gives again (a 4xx other than a timeout or a rate limit). */
const retryOnce = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof FetchError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429);

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 15_000, retry: retryOnce, refetchOnWindowFocus: false } } }));
  // Marks the page as live: before this, typing into a form can be undone by the form library
  // registering its fields (browser tests wait for it before they type).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

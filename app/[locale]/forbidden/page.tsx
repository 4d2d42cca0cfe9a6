import { forbidden } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';

/**
 * Where a page guard sends a signed-in user whose role may not open a page (lib/auth/session.ts):
 * forbidden() renders app/[locale]/forbidden.tsx with HTTP 403, so the answer's status says what
 * the screen says.
 */
export default async function ForbiddenPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  forbidden();
}

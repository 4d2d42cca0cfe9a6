import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { getSessionUser } from '@/lib/auth/session';
import { getTenantTimeZone } from '@/lib/tenancy/tenant-settings';
import { routing } from './routing';

/** Where no tenant is known yet (the sign-in page), times are shown in the service's home zone. */
export const DEFAULT_TIME_ZONE = 'Asia/Riyadh';

/**
 * The signed-in officer's tenant's time zone (Tenant.timeZone, set on the tenant settings screen):
 * every time the officer app shows is formatted in it, server and client alike.
 */
async function timeZoneOfRequest(): Promise<string> {
  try {
    const session = await getSessionUser();
    return session?.tenantId ? await getTenantTimeZone({ tenantId: session.tenantId }) : DEFAULT_TIME_ZONE;
  } catch {
    // Outside a request (static rendering) there is no session to read.
    return DEFAULT_TIME_ZONE;
  }
}

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    messages: (await import(`../../messages/${locale}.json`)).default,
    timeZone: await timeZoneOfRequest(),
  };
});

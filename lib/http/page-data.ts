import { notFound } from 'next/navigation';
import { isAppError } from '@/lib/core/errors';

/**
 * What a page reads through a service: NOT_FOUND (another tenant's id included) becomes the page's
 * not-found screen, anything else goes to the error boundary. The pages' counterpart of errorResponse.
 */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isAppError(error, 'NOT_FOUND')) notFound();
    throw error;
  }
}

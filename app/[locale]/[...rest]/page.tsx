import { notFound } from 'next/navigation';

/** Any other path under /en or /ar: the locale's own not-found page (rendered with the page's nonce). */
export default function UnknownPage() {
  notFound();
}

// GET /services/crm/crm/webhook/health – same handler as /crm/webhook/health
export { GET } from '@/app/crm/webhook/health/route';

// Route segment config cannot be re-exported (Next reads it statically).
export const dynamic = 'force-dynamic';

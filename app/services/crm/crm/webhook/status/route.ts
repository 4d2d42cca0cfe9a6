// GET /services/crm/crm/webhook/status – same handler as /crm/webhook/status
export { GET } from '@/app/crm/webhook/status/route';

// Route segment config cannot be re-exported (Next reads it statically).
export const dynamic = 'force-dynamic';

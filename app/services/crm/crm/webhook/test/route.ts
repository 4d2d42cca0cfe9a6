// POST /services/crm/crm/webhook/test – same handler as /crm/webhook/test
export { POST } from '@/app/crm/webhook/test/route';

// Route segment config cannot be re-exported (Next reads it statically).
export const dynamic = 'force-dynamic';

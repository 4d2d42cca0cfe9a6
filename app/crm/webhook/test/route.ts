// /crm/webhook/test: the same handlers as /services/crm/crm/webhook/test (decisions.md, Serving)
export { GET, POST, PUT, PATCH, DELETE } from '@/app/services/crm/crm/webhook/test/route';

// Route segment config cannot be re-exported (Next reads it statically).
export const dynamic = 'force-dynamic';

// /crm/webhook/status: the same handlers as /services/crm/crm/webhook/status (decisions.md, Serving)
export { GET, POST, PUT, PATCH, DELETE } from '@/app/services/crm/crm/webhook/status/route';

// Route segment config cannot be re-exported (Next reads it statically).
export const dynamic = 'force-dynamic';

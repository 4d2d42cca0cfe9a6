// GET /services/crm/crm/webhook/health – same handler as /crm/webhook/health
export { GET, dynamic } from '@/app/crm/webhook/health/route';

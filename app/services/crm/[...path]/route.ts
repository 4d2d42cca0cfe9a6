import { notFoundRoutes } from '@/lib/http/not-found';

// Any path under this prefix that no other route serves, any method – 404 NOT_FOUND as JSON
export const { GET, POST, PUT, PATCH, DELETE } = notFoundRoutes();

import { apiRoute, apiRoutes } from '@/lib/http/route';
import { createNoteInput, noteEnvelope } from '@/lib/notes/schemas';
import { createNote } from '@/lib/notes/create-note';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/notes – create a note that other records reference by id (noteIds)
  POST: apiRoute({
    summary: 'Create note',
    description:
      'A note `{title, description}` (title up to 200 characters, description up to 5,000) that records reference by id, e.g. `noteIds` of POST /entity-relationships/invite. `createdBy` is the officer who wrote it, or null with an API key. Answers 201.',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer', 'rm'],
    body: createNoteInput,
    response: noteEnvelope,
    status: 201,
    handler: ({ auth, actor, requestId, body }) => createNote({ tenantId: auth.tenantId, ...body, actor, requestId }),
  }),
});

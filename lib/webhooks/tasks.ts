import type { TaskList } from 'graphile-worker';
import { processDelivery } from './deliver';
import { runPeriodicHandshake } from './handshake';
import { runMaintenance } from './maintain';
import { runReplay } from './replay';

interface TenantPayload {
  tenantId: string;
}

/** The webhook system's background tasks (spread into lib/jobs/tasks.ts). */
export const webhookTasks: TaskList = {
  /** One try of a delivery (retries, and recovery of tries a dead worker left behind). */
  'webhooks.deliver': async (payload) => {
    const { tenantId, deliveryId } = payload as TenantPayload & { deliveryId: string };
    await processDelivery({ tenantId, deliveryId });
  },
  /** Periodic handshake, every WEBHOOK_HANDSHAKE_INTERVAL_MS per tenant (self-rescheduling). */
  'webhooks.handshake': async (payload) => {
    await runPeriodicHandshake({ tenantId: (payload as TenantPayload).tenantId });
  },
  /** Replay of queued events, in order, on demand. */
  'webhooks.replay': async (payload) => {
    await runReplay({ tenantId: (payload as TenantPayload).tenantId });
  },
  /** Crash recovery sweep, every WEBHOOK_SWEEP_INTERVAL_MS (self-rescheduling). */
  'webhooks.maintain': async (_payload, helpers) => {
    await runMaintenance(helpers);
  },
};

import { getTenantBySlug } from '@/lib/tenancy/tenants';
import { disableWebhookEndpoint, enableWebhookEndpoint, registerWebhookEndpoint } from '@/lib/webhooks/endpoints';
import { sendHandshake } from '@/lib/webhooks/handshake';
import { replayQueuedDeliveries } from '@/lib/webhooks/replay';
import { CliError, required, type Command } from './command';

const CLI = { type: 'cli' as const, id: 'crm-cli' };

async function tenantId(options: Record<string, string | boolean | undefined>): Promise<string> {
  const slug = required(options, 'tenant');
  try {
    return (await getTenantBySlug({ slug })).id;
  } catch {
    throw new CliError(`unknown tenant ${slug}`);
  }
}

export const webhookCommands: Record<string, Command> = {
  'webhook:register': {
    usage: 'webhook:register --tenant acme --url https://... --secret ... [--events EntityStatusUpdate,KycStatusUpdate]',
    options: { tenant: 'string', url: 'string', secret: 'string', events: 'string' },
    run: async (o) => {
      const events =
        typeof o.events === 'string' && o.events.trim()
          ? o.events
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : [];
      const summary = await registerWebhookEndpoint({
        tenantId: await tenantId(o),
        url: required(o, 'url'),
        secret: required(o, 'secret'),
        eventTypes: events as never,
        actor: CLI,
      });
      return { tenant: o.tenant, ...summary };
    },
  },
  'webhook:disable': {
    usage: 'webhook:disable --tenant acme',
    options: { tenant: 'string' },
    run: async (o) => ({ tenant: o.tenant, ...(await disableWebhookEndpoint({ tenantId: await tenantId(o), actor: CLI })) }),
  },
  'webhook:enable': {
    usage: 'webhook:enable --tenant acme',
    options: { tenant: 'string' },
    run: async (o) => ({ tenant: o.tenant, ...(await enableWebhookEndpoint({ tenantId: await tenantId(o), actor: CLI })) }),
  },
  'webhook:replay': {
    usage: 'webhook:replay --tenant acme',
    options: { tenant: 'string' },
    run: async (o) => {
      try {
        return { tenant: o.tenant, ...(await replayQueuedDeliveries({ tenantId: await tenantId(o), actor: CLI })) };
      } catch (error) {
        if ((error as { code?: string }).code === 'CONFLICT') throw new CliError('the webhook is not Active: replay needs a successful handshake first');
        if ((error as { code?: string }).code === 'NOT_FOUND') throw new CliError('no webhook is registered for this tenant');
        throw error;
      }
    },
  },
  'webhook:handshake': {
    usage: 'webhook:handshake --tenant acme',
    options: { tenant: 'string' },
    run: async (o) => {
      const outcome = await sendHandshake({ tenantId: await tenantId(o), actor: CLI });
      if (!outcome) throw new CliError('no webhook to shake hands with (none registered, or Disabled)');
      return { tenant: o.tenant, ...outcome };
    },
  },
};

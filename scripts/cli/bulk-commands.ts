import { setTenantQuota } from '@/lib/bulk/quota';
import { CliError, required, type Command } from './command';

function count(options: Record<string, unknown>, name: string): number {
  const text = required(options as never, name);
  if (!/^\d+$/.test(text)) throw new CliError(`--${name} must be a whole number`);
  return Number(text);
}

export const bulkCommands: Record<string, Command> = {
  'tenant:quota': {
    usage: 'tenant:quota --tenant acme --soft 9000 --hard 10000',
    options: { tenant: 'string', soft: 'string', hard: 'string' },
    run: async (o) => {
      const soft = count(o, 'soft');
      const hard = count(o, 'hard');
      if (soft > hard) throw new CliError('--soft cannot exceed --hard');
      return setTenantQuota({ slug: required(o, 'tenant'), soft, hard });
    },
  },
};

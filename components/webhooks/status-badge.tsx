import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONE: Record<string, BadgeTone> = {
  Active: 'good',
  Paused: 'warn',
  Disabled: 'neutral',
  delivered: 'good',
  failed: 'bad',
  held: 'warn',
  queued: 'info',
  sending: 'info',
  skipped: 'neutral',
};

export function WebhookBadge({ value, label }: { value: string; label: string }) {
  return (
    <span data-testid="webhook-badge" data-value={value}>
      <Badge tone={TONE[value] ?? 'neutral'}>{label}</Badge>
    </span>
  );
}

import { useTranslations } from 'next-intl';
import { systemReasonKey } from './relationship-types';

/** A decision's reason: the system's own in the reader's language, a person's words as written. */
export function DecisionReason({ decision }: { decision: { by: string; reason: string | null } }) {
  const t = useTranslations('relationships');
  const key = systemReasonKey(decision);
  return key ? <span data-reason={key}>{t(`systemReason.${key}`)}</span> : <bdi>{decision.reason}</bdi>;
}

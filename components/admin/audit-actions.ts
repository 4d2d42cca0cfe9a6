/**
 * The audit actions the service writes, by family, for the audit log's action filter. Each has a
 * label in messages `auditLog.actions` (dots as underscores), used by the audit log and by the
 * entity profile's history alike; an action written by a newer part of the service and not listed
 * here still shows, under its family's name (auditActionLabel).
 */
export const AUDIT_ACTION_FAMILIES: [string, string[]][] = [
  [
    'entity',
    [
      'entity.create.client',
      'entity.create.prospect',
      'entity.create.screening',
      'entity.status.update',
      'entity.classification.update',
      'entity.update',
      'entity.tag.add',
      'entity.tag.remove',
      'entity.screen',
      'entity.export',
      'entity.erase',
    ],
  ],
  ['identity', ['identity.create', 'identity.verification']],
  ['bankAccount', ['bankAccount.create', 'bankAccount.review']],
  ['address', ['address.create']],
  ['attachment', ['attachment.create']],
  ['erasure', ['erasure.request', 'erasure.cancel']],
  [
    'relationship',
    [
      'relationship.create',
      'relationship.approve',
      'relationship.reject',
      'relationship.reopen',
      'relationship.expire',
      'relationship.invitation.send',
      'relationship.invitation.resend',
    ],
  ],
  [
    'kyc',
    [
      'kyc.submission',
      'kyc.submission.reopen',
      'kyc.review',
      'kyc.form.enable',
      'kyc.agreement.sign',
      'kyc.flow.create',
      'kyc.flow.update',
      'kyc.form.create',
      'kyc.form.save',
      'kyc.form.publish',
      'kyc.form.version',
      'kyc.form.deactivate',
    ],
  ],
  ['match', ['match.propose', 'match.approve', 'match.reject', 'match.proposed', 'match.approved']],
  [
    'case',
    [
      'case.assign',
      'case.noteAdded',
      'case.attachmentAdded',
      'case.attachmentDownloaded',
      'case.dispositionProposed',
      'case.dispositionApproved',
      'case.dispositionRejected',
    ],
  ],
  ['note', ['note.create']],
  ['transaction', ['transaction.create']],
  ['transactionAlert', ['transactionAlert.create', 'transactionAlert.assign']],
  ['transactionRule', ['transactionRule.create', 'transactionRule.update', 'transactionRule.publish', 'transactionRule.deactivate']],
  ['bulk', ['bulk.create']],
  ['tag', ['tag.create', 'tag.update', 'tag.delete']],
  ['apiKey', ['apiKey.create', 'apiKey.revoke']],
  ['webhook', ['webhook.register', 'webhook.status', 'webhook.events', 'webhook.replay']],
  [
    'user',
    [
      'user.invite',
      'user.invite-resend',
      'user.invite-accepted',
      'user.role-change',
      'user.password-reset-sent',
      'user.mfa-reset',
      'user.deactivate',
      'user.reactivate',
    ],
  ],
  [
    'auth',
    [
      'auth.sign-in',
      'auth.sign-in-failed',
      'auth.sign-in-throttled',
      'auth.locked',
      'auth.password-accepted',
      'auth.sign-out',
      'auth.password-changed',
      'auth.password-change-refused',
      'auth.password-reset-requested',
      'auth.password-reset',
      'auth.password-set',
      'auth.mfa-enabled',
      'auth.mfa-disabled',
      'auth.mfa-failed',
      'auth.recovery-code-used',
      'auth.sessions-ended',
    ],
  ],
  ['tenant', ['tenant.settings.update', 'tenant.mfa-policy']],
  ['audit', ['audit.export']],
];

const keyOf = (action: string) => `auditLog.actions.${action.replace(/[.-]/g, '_')}`;

/**
 * The action in the reader's language. One written by a newer part of the service and not labelled
 * yet reads by its family ("KYC: other action"), or as "Other action", never as the raw code (which
 * the caller keeps in `data-action` and a tooltip for whoever needs it).
 */
export function auditActionLabel(t: { (key: string, values?: Record<string, string>): string; has(key: string): boolean }, action: string): string {
  if (t.has(keyOf(action))) return t(keyOf(action));
  const family = `auditLog.families.${action.split('.')[0]}`;
  return t.has(family) ? t('auditLog.otherAction', { family: t(family) }) : t('auditLog.unknownAction');
}

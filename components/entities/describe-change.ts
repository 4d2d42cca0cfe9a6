/** One changed field of an audit event, as the officer's timeline shows it. */
export interface AuditChange {
  field: string;
  /** Raw values (undefined when empty): the timeline translates the ones it knows. */
  from: unknown;
  to: unknown;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The fields an audit event changed, in the order the event recorded them. A creation (no
 * `before`) lists nothing: its action says enough and `after` is the whole record. A field that
 * is empty on both sides (`reason: null` where the event had none before) is no change.
 */
export function describeAuditChange(before: unknown, after: unknown, limit = 6): AuditChange[] {
  if (!before || typeof before !== 'object') return [];
  const b = before as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(b), ...Object.keys(a)])]
    .filter((field) => !(isEmpty(b[field]) && isEmpty(a[field])) && JSON.stringify(b[field]) !== JSON.stringify(a[field]))
    .slice(0, limit)
    .map((field) => ({ field, from: isEmpty(b[field]) ? undefined : b[field], to: isEmpty(a[field]) ? undefined : a[field] }));
}

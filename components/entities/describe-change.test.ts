import { describe, expect, it } from 'vitest';
import { describeAuditChange } from './describe-change';

describe('describeAuditChange', () => {
  it('lists the changed fields of a status change and drops those empty on both sides', () => {
    const changes = describeAuditChange({ status: 'Active' }, { status: 'Blocked', reason: 'Sanctions review', emailOptions: null });
    expect(changes).toEqual([
      { field: 'status', from: 'Active', to: 'Blocked' },
      { field: 'reason', from: undefined, to: 'Sanctions review' },
    ]);
  });

  it('keeps an object value such as the e-mail options', () => {
    expect(describeAuditChange({ status: 'Active' }, { status: 'Active', emailOptions: { notify: true, language: 'ar' } })).toEqual([
      { field: 'emailOptions', from: undefined, to: { notify: true, language: 'ar' } },
    ]);
  });

  it('lists nothing for a creation, whose after is the whole record', () => {
    expect(describeAuditChange(null, { id: 'x', nameEn: 'Sara' })).toEqual([]);
  });
});

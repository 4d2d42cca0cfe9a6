'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { Field, Select } from '@/components/ui/field';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';

/** A client's classification (PATCH /entities/client/{id}/classification; audited by the service). */
export function ChangeClassification({ entityId, current }: { entityId: string; current: string }) {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const [value, setValue] = useState(current);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        setSaving(true);
        setNotice(null);
        try {
          await fetchJson(`/services/crm/entities/client/${entityId}/classification`, { method: 'PATCH', body: JSON.stringify({ classification: value }) });
          setNotice({ ok: true, text: t('profile.classificationChanged') });
          router.refresh();
        } catch (e) {
          setNotice({ ok: false, text: e instanceof FetchError ? e.messageIn(locale) : t('common.errorDescription') });
        } finally {
          setSaving(false);
        }
      }}
    >
      <Field label={t('profile.classification')} htmlFor="classification-select">
        <Select id="classification-select" value={value} onChange={(e) => setValue(e.target.value)}>
          {(['Retail', 'Institutional'] as const).map((c) => (
            <option key={c} value={c}>
              {t(`enums.classification.${c}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Button size="sm" type="submit" disabled={saving || value === current}>
        {t('profile.save')}
      </Button>
      {notice ? (
        <p role="status" className={`w-full text-sm ${notice.ok ? 'text-emerald-800' : 'text-red-700'}`}>
          {notice.text}
        </p>
      ) : null}
    </form>
  );
}

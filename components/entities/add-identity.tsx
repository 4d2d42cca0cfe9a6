'use client';

import { useMemo, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { getCountries } from 'libphonenumber-js';
import { Upload, X } from 'lucide-react';
import { IDENTITY_TYPES } from '@/lib/entities/schemas';
import { countryName } from '@/components/ui/countries';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';

interface Upload {
  key: string;
  file: File;
  progress: number;
  attachmentId?: string;
  error?: string;
}

/** POST /services/crm/attachments with upload progress (fetch cannot report it; XMLHttpRequest can). */
function uploadFile(file: File, onProgress: (fraction: number) => void): Promise<{ data: { id: string } }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/services/crm/attachments');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => (xhr.status === 201 ? resolve(xhr.response) : reject(new FetchError(xhr.status, xhr.response)));
    xhr.onerror = () => reject(new FetchError(0, null));
    const body = new FormData();
    body.append('file', file);
    body.append('name', file.name);
    xhr.send(body);
  });
}

/**
 * Add an identity with its documents: files are dropped (or chosen), each uploads at once with its
 * own progress bar, and the identity is created with the uploaded attachments (at least one, as
 * the API requires).
 */
export function AddIdentity({ entityId }: { entityId: string }) {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [fields, setFields] = useState({ type: 'Passport', number: '', issuingCountryCode: 'SA', expiresAt: '' });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const countries = useMemo(() => {
    return getCountries()
      .map((code) => ({ code, name: countryName(locale, code) }))
      .sort((a, b) => a.name.localeCompare(b.name, locale));
  }, [locale]);

  const patch = (key: string, change: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));
  function addFiles(files: FileList | File[]) {
    for (const file of Array.from(files).slice(0, 10)) {
      const key = `${file.name}-${file.size}-${Math.random()}`;
      setUploads((list) => [...list, { key, file, progress: 0 }]);
      uploadFile(file, (progress) => patch(key, { progress }))
        .then((res) => patch(key, { progress: 1, attachmentId: res.data.id }))
        .catch((e) => patch(key, { error: e instanceof FetchError ? e.messageIn(locale) : t('common.errorDescription') }));
    }
  }
  const ready = uploads.filter((u) => u.attachmentId);
  const busy = uploads.some((u) => !u.attachmentId && !u.error);

  if (!open) {
    return (
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="add-identity">
        {t('profile.addIdentity')}
      </Button>
    );
  }
  return (
    <form
      className="mt-3 flex flex-col gap-3 rounded-md border border-slate-200 p-3"
      data-testid="add-identity-form"
      onSubmit={async (event) => {
        event.preventDefault();
        setError(null);
        if (!ready.length) return setError(t('profile.documentRequired'));
        setSaving(true);
        try {
          await fetchJson(`/services/crm/entities/${entityId}/identities`, {
            method: 'POST',
            body: JSON.stringify({
              type: fields.type,
              number: fields.number.trim(),
              issuingCountryCode: fields.issuingCountryCode || undefined,
              expiresAt: fields.expiresAt || undefined,
              documentIds: ready.map((u) => u.attachmentId),
            }),
          });
          setOpen(false);
          setUploads([]);
          router.refresh();
        } catch (e) {
          setError(e instanceof FetchError ? e.messageIn(locale) : t('common.errorDescription'));
        } finally {
          setSaving(false);
        }
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('profile.identityType')} htmlFor="new-identity-type">
          <Select id="new-identity-type" value={fields.type} onChange={(e) => setFields({ ...fields, type: e.target.value })}>
            {IDENTITY_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`enums.identityType.${type}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('profile.identityNumber')} htmlFor="new-identity-number">
          <Input id="new-identity-number" dir="ltr" required value={fields.number} onChange={(e) => setFields({ ...fields, number: e.target.value })} />
        </Field>
        <Field label={t('profile.issuingCountry')} htmlFor="new-identity-country">
          <Select id="new-identity-country" value={fields.issuingCountryCode} onChange={(e) => setFields({ ...fields, issuingCountryCode: e.target.value })}>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('profile.expiresAt')} htmlFor="new-identity-expires">
          <Input id="new-identity-expires" type="date" value={fields.expiresAt} onChange={(e) => setFields({ ...fields, expiresAt: e.target.value })} />
        </Field>
      </div>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          addFiles(event.dataTransfer.files);
        }}
        className={`flex flex-col items-center gap-2 rounded-md border-2 border-dashed p-4 text-center text-sm ${dragging ? 'border-brand-600 bg-emerald-50' : 'border-slate-300'}`}
        data-testid="dropzone"
      >
        <Upload aria-hidden className="size-5 text-slate-500" />
        <p className="text-slate-700">{t('profile.dropFiles')}</p>
        <Button size="sm" variant="secondary" onClick={() => input.current?.click()}>
          {t('profile.chooseFiles')}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept="image/*,application/pdf"
          className="sr-only"
          tabIndex={-1}
          aria-label={t('profile.chooseFiles')}
          onChange={(event) => event.target.files && addFiles(event.target.files)}
        />
      </div>
      {uploads.length ? (
        <ul className="flex flex-col gap-2" aria-label={t('profile.documents')}>
          {uploads.map((u) => (
            <li key={u.key} className="flex flex-wrap items-center gap-2 text-sm">
              <bdi className="min-w-0 flex-1 truncate">{u.file.name}</bdi>
              {u.error ? (
                <span role="alert" className="text-red-700">
                  {u.error}
                </span>
              ) : (
                <progress max={1} value={u.progress} aria-label={t('profile.uploading', { name: u.file.name })} className="h-2 w-32 accent-emerald-700" />
              )}
              <button
                type="button"
                className="rounded p-1 text-slate-600 hover:bg-slate-100"
                aria-label={t('profile.removeFile', { name: u.file.name })}
                onClick={() => setUploads((list) => list.filter((x) => x.key !== u.key))}
              >
                <X aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button size="sm" type="submit" disabled={saving || busy}>
          {t('profile.saveIdentity')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setOpen(false)}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

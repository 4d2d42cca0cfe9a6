'use client';

import { useState } from 'react';
import { FileText, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { AttachmentView } from './profile-types';

/**
 * Images show as lazy thumbnails; a PDF loads into a frame only when asked for, so a profile with
 * twenty identities does not fetch twenty documents up front.
 */
export function DocumentPreview({ attachment }: { attachment: AttachmentView }) {
  const t = useTranslations('profile');
  const [open, setOpen] = useState(false);
  const src = `/services/crm/attachments/${attachment.id}/content?inline=true`;
  if (attachment.mimeType.startsWith('image/')) {
    return (
      <a href={src} target="_blank" rel="noopener" className="block w-24" title={attachment.name}>
        {/* eslint-disable-next-line @next/next/no-img-element -- a tenant's private upload, not an optimisable static asset */}
        <img src={src} alt={t('preview', { name: attachment.name })} loading="lazy" className="h-16 w-24 rounded border border-slate-200 object-cover" />
      </a>
    );
  }
  if (attachment.mimeType === 'application/pdf') {
    return (
      <div className="flex flex-col gap-2">
        <button
          type="button"
          onClick={() => setOpen((v) => !v)}
          aria-expanded={open}
          className="inline-flex items-center gap-1 text-sm text-brand-700 underline-offset-2 hover:underline"
        >
          {open ? <X aria-hidden className="size-4" /> : <FileText aria-hidden className="size-4" />}
          <span dir="auto">{attachment.name}</span>
        </button>
        {open ? <iframe src={src} title={t('preview', { name: attachment.name })} className="h-96 w-full max-w-xl rounded border border-slate-200" /> : null}
      </div>
    );
  }
  return (
    <a href={src} className="text-sm text-brand-700 underline" dir="auto">
      {t('openDocument', { name: attachment.name })}
    </a>
  );
}

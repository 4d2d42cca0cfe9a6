'use client';

import { useEffect, useRef, useState } from 'react';
import { FileText, Maximize2, Minus, Plus, RotateCw, X } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { AttachmentView } from './profile-types';

const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3] as const;

/**
 * A thumbnail (images, lazy) or the file name (PDF) that opens the document viewer: a modal
 * dialog the size of the window. Images zoom (50–300%) and rotate inside a scrollable frame; PDFs
 * open in the browser's own PDF viewer, which pages, zooms and searches. Nothing is fetched until
 * the officer opens it, so a profile with twenty identities does not load twenty documents.
 */
export function DocumentPreview({ attachment }: { attachment: AttachmentView }) {
  const t = useTranslations('profile');
  const locale = useLocale();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const src = `/services/crm/attachments/${attachment.id}/content?inline=true`;
  const image = attachment.mimeType.startsWith('image/');
  const pdf = attachment.mimeType === 'application/pdf';
  const percent = new Intl.NumberFormat(locale, { style: 'percent' });

  useEffect(() => {
    if (open) dialog.current?.showModal();
    else dialog.current?.close();
  }, [open]);

  if (!image && !pdf) {
    return (
      <a href={src} className="text-sm text-brand-700 underline" dir="auto">
        {t('openDocument', { name: attachment.name })}
      </a>
    );
  }
  const step = (direction: 1 | -1) => {
    const i = ZOOMS.indexOf(zoom as (typeof ZOOMS)[number]);
    setZoom(ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, i + direction))]!);
  };

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setZoom(1);
          setRotation(0);
          setOpen(true);
        }}
        className="inline-flex items-center gap-1 text-sm text-brand-700 underline-offset-2 hover:underline"
        aria-haspopup="dialog"
        data-testid="open-document"
      >
        {image ? (
          // eslint-disable-next-line @next/next/no-img-element -- a tenant's private upload, not an optimisable static asset
          <img src={src} alt={t('preview', { name: attachment.name })} loading="lazy" className="h-16 w-24 rounded border border-slate-200 object-cover" />
        ) : (
          <>
            <FileText aria-hidden className="size-4" />
            <span dir="auto">{attachment.name}</span>
          </>
        )}
      </button>
      <dialog
        ref={dialog}
        onClose={() => setOpen(false)}
        aria-labelledby={`viewer-${attachment.id}`}
        className="m-auto h-[90vh] w-[95vw] max-w-5xl rounded-lg border border-slate-300 bg-white p-0 backdrop:bg-slate-900/60"
        data-testid="document-viewer"
      >
        {open ? (
          <div className="flex h-full flex-col">
            <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
              <h2 id={`viewer-${attachment.id}`} className="min-w-0 truncate text-sm font-semibold text-slate-900">
                <bdi>{attachment.name}</bdi>
              </h2>
              <div className="flex flex-wrap items-center gap-1">
                {image ? (
                  <>
                    <Button size="sm" variant="ghost" onClick={() => step(-1)} aria-label={t('zoomOut')} disabled={zoom === ZOOMS[0]}>
                      <Minus aria-hidden className="size-4" />
                    </Button>
                    <span className="min-w-12 text-center text-sm tabular-nums" aria-live="polite" data-testid="zoom-level">
                      {percent.format(zoom)}
                    </span>
                    <Button size="sm" variant="ghost" onClick={() => step(1)} aria-label={t('zoomIn')} disabled={zoom === ZOOMS[ZOOMS.length - 1]}>
                      <Plus aria-hidden className="size-4" />
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setRotation((r) => (r + 90) % 360)} aria-label={t('rotate')}>
                      <RotateCw aria-hidden className="size-4" />
                    </Button>
                  </>
                ) : null}
                <a href={src} target="_blank" rel="noopener" className="rounded-md p-1.5 text-slate-700 hover:bg-slate-100" aria-label={t('openFull')}>
                  <Maximize2 aria-hidden className="size-4" />
                </a>
                <Button size="sm" variant="ghost" onClick={() => setOpen(false)} aria-label={t('closeViewer')} autoFocus>
                  <X aria-hidden className="size-4" />
                </Button>
              </div>
            </header>
            {/* Focusable, so the zoomed document scrolls with the keyboard too. */}
            <div className="min-h-0 flex-1 overflow-auto bg-slate-100" dir="ltr" tabIndex={0} role="region" aria-label={attachment.name}>
              {image ? (
                // eslint-disable-next-line @next/next/no-img-element -- a tenant's private upload, shown at its own size
                <img
                  src={src}
                  alt={t('preview', { name: attachment.name })}
                  className="m-auto max-w-none origin-top-left"
                  style={{ width: `${zoom * 100}%`, transform: rotation ? `rotate(${rotation}deg)` : undefined, transformOrigin: 'center' }}
                />
              ) : (
                <iframe src={src} title={t('preview', { name: attachment.name })} className="h-full w-full" />
              )}
            </div>
          </div>
        ) : null}
      </dialog>
    </>
  );
}

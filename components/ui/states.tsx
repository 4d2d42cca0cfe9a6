import type { ReactNode } from 'react';
import { AlertTriangle, Inbox, Loader2 } from 'lucide-react';

export function EmptyState({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center" data-state="empty">
      <Inbox aria-hidden className="size-8 text-slate-500" />
      <p className="font-medium text-slate-900">{title}</p>
      {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      {action}
    </div>
  );
}

export function ErrorState({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-6 py-10 text-center" data-state="error">
      <AlertTriangle aria-hidden className="size-8 text-red-700" />
      <p className="font-medium text-red-900">{title}</p>
      {description ? <p className="text-sm text-red-800">{description}</p> : null}
      {action}
    </div>
  );
}

export function LoadingState({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="flex items-center justify-center gap-2 px-6 py-10 text-slate-600" data-state="loading">
      <Loader2 aria-hidden className="size-5 animate-spin" />
      <span>{label}</span>
    </div>
  );
}

import type { ReactNode } from 'react';
import { LanguageSwitch } from '@/components/shell/language-switch';

/** The narrow card of the pages reached without a session (sign-in, forgot password, set password). */
export function PublicCard({ appTitle, title, otherLanguage, children }: { appTitle: string; title: string; otherLanguage: string; children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-4 flex justify-end">
          <LanguageSwitch label={otherLanguage} />
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <p className="text-sm font-medium text-brand-700">{appTitle}</p>
          <h1 className="mt-1 mb-6 text-2xl font-semibold">{title}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}

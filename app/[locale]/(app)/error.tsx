'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/states';

export default function AppError({ reset }: { error: Error; reset: () => void }) {
  const t = useTranslations('common');
  return (
    <ErrorState
      title={t('errorTitle')}
      description={t('errorDescription')}
      action={
        <Button variant="secondary" onClick={reset}>
          {t('retry')}
        </Button>
      }
    />
  );
}

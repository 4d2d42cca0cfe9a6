import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ArrowLeft } from 'lucide-react';
import { getLocale, getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { orNotFound } from '@/lib/http/page-data';
import { getFormTree } from '@/lib/kyc/forms';
import { Link } from '@/lib/i18n/navigation';
import { PageHeader } from '@/components/ui/page-header';
import { FormBuilder } from '@/components/kyc/form-builder';
import { localized } from '@/components/kyc/labels';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('kyc.builder');
  return { title: t('title') };
}

export default async function KycFormPage({ params }: { params: Promise<{ formId: string }> }) {
  const { formId } = await params;
  const { tenantId } = await requireUser({ roles: ['admin', 'officer'] });
  if (!UUID.test(formId)) notFound();
  const form = await orNotFound(getFormTree({ tenantId, formId }));
  const locale = await getLocale();
  const t = await getTranslations('kyc');
  return (
    <>
      <Link href="/kyc/flows" className="mb-3 inline-flex items-center gap-1 text-sm text-brand-700 underline-offset-2 hover:underline">
        <ArrowLeft aria-hidden className="size-4 rtl:-scale-x-100" />
        {t('builder.backToFlows')}
      </Link>
      <PageHeader title={localized(locale, form.nameEn, form.nameAr) || t('builder.title')} description={t(`enums.formType.${form.type}`)} />
      {/* Keyed by id: "new version" navigates to another form, which must start from its own state. */}
      <FormBuilder key={form.id} initial={form} canEdit />
    </>
  );
}

import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ArrowLeft } from 'lucide-react';
import { getLocale, getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/auth/session';
import { getEntity } from '@/lib/entities/get-entity';
import { orNotFound } from '@/lib/http/page-data';
import { Link } from '@/lib/i18n/navigation';
import { PageHeader } from '@/components/ui/page-header';
import { EntityForm, type EditableEntity } from '@/components/entities/entity-form';
import { displayName } from '@/components/entities/entity-types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('entityForm');
  return { title: t('editTitle') };
}

/** Edit an individual or an organization: the create form, prefilled, saving through PATCH /services/crm/entities/{id}. */
export default async function EditEntityPage({ params }: { params: Promise<{ entityId: string }> }) {
  const { entityId } = await params;
  // The same roles as the API route: relationship managers onboard entities but do not change them.
  const { tenantId } = await requireUser({ roles: ['admin', 'officer'] });
  if (!UUID.test(entityId)) notFound();
  const profile = await orNotFound(getEntity({ tenantId, entityId }));
  const t = await getTranslations();
  const locale = await getLocale();
  // Only what the form shows crosses to the browser, not the whole profile.
  const entity: EditableEntity = {
    id: profile.id,
    type: profile.type,
    role: profile.role,
    updatedAt: profile.updatedAt,
    nameEn: profile.nameEn,
    nameAr: profile.nameAr,
    email: profile.email,
    countryCode: profile.countryCode,
    phoneNumber: profile.phoneNumber,
    dob: profile.dob,
    dobHijri: profile.dobHijri,
    dateOfIncorporation: profile.dateOfIncorporation,
    dateOfIncorporationHijri: profile.dateOfIncorporationHijri,
    nationalityCode: profile.nationalityCode,
    gender: profile.gender,
    classification: profile.classification,
  };
  return (
    <div className="flex flex-col gap-4">
      <Link href={`/entities/${entity.id}`} className="inline-flex items-center gap-1 self-start text-sm text-brand-700 underline-offset-2 hover:underline">
        <ArrowLeft aria-hidden className="size-4 rtl:-scale-x-100" />
        {t('profile.backToProfile')}
      </Link>
      <PageHeader title={t('entityForm.editTitle')} description={displayName(locale, profile) ?? t('entities.unnamed')} />
      <EntityForm entity={entity} />
    </div>
  );
}

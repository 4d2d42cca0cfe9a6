import { getTranslations } from 'next-intl/server';
import { Badge, toneOfStatus } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { countryName } from '@/components/ui/countries';
import { DateText } from '@/components/ui/dates';
import { Table, Td, Th } from '@/components/ui/table';
import { Link } from '@/lib/i18n/navigation';
import { RelationshipsCard } from '@/components/relationships/relationships-card';
import { DefinitionGrid } from './definition-grid';
import { DocumentPreview } from './document-preview';
import { VerifyIdentity } from './verify-identity';
import { AddIdentity } from './add-identity';
import { ChangeClassification } from './change-classification';
import { EntityTags } from './entity-tags';
import { displayName } from './entity-types';
import type { EntityProfile } from './profile-types';

const Ltr = ({ children }: { children: React.ReactNode }) => (
  <span dir="ltr" className="font-mono text-xs">
    {children}
  </span>
);

/**
 * The registry facts an organization's `rawData` (the tenant's commercial-registry lookup, as
 * received) usually carries: legal form and registration number, read tolerantly.
 */
function registryFacts(raw: unknown, ar: boolean): { legalForm?: string; registrationNumber?: string } {
  if (!raw || typeof raw !== 'object') return {};
  const o = raw as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : undefined);
  const type = o.businessType && typeof o.businessType === 'object' ? (o.businessType as Record<string, unknown>) : {};
  const legalForm = ar ? (text(type.name) ?? text(type.nameEn)) : (text(type.nameEn) ?? text(type.name));
  return { legalForm, registrationNumber: text(o.crNumber) ?? text(o.crEntityNumber) ?? text(o.registrationNumber) };
}

/** Every section of the Entity resource; each one says so when it is empty. */
export async function ProfileSections({
  entity,
  locale,
  kycCard,
  screening,
  canDecide = false,
  canEdit = false,
}: {
  entity: EntityProfile;
  locale: string;
  kycCard?: React.ReactNode;
  screening?: React.ReactNode;
  /** Verify identities, change classification: admin and officer. */
  canDecide?: boolean;
  /** Add identities: admin, officer and rm. */
  canEdit?: boolean;
}) {
  const t = await getTranslations();
  const number = new Intl.NumberFormat(locale);
  const ar = locale === 'ar';
  const label = (en?: string | null, arText?: string | null) => (ar ? arText || en : en || arText) ?? '—';
  const enumLabel = (ns: string, value: string | null | undefined) => (value ? (t.has(`enums.${ns}.${value}`) ? t(`enums.${ns}.${value}`) : value) : '—');
  const yesNo = (value: boolean | null | undefined) => (value ? t('common.yes') : t('common.no'));
  const identities = entity.identities ?? [];
  const accounts = entity.bankAccounts ?? [];
  const addresses = entity.addresses ?? [];
  const tags = entity.tags ?? [];
  const isOrganization = entity.type === 'Organization';
  const registry = registryFacts(entity.rawData, ar);
  const phone = entity.phoneNumber ? `+${entity.countryCode ?? ''} ${entity.phoneNumber}` : null;

  return (
    <>
      <Card title={t('profile.overview')} id="overview">
        <DefinitionGrid
          rows={[
            [t('profile.crmId'), entity.crmId ? <Ltr>{entity.crmId}</Ltr> : '—'],
            [t('profile.email'), entity.email ? <span dir="ltr">{entity.email}</span> : '—'],
            [t('profile.phone'), phone ? <span dir="ltr">{phone}</span> : '—'],
            entity.type === 'Organization'
              ? [
                  t('profile.incorporation'),
                  <DateText key="inc" locale={locale} value={entity.dateOfIncorporation} hijri={Boolean(entity.dateOfIncorporationHijri)} />,
                ]
              : [t('profile.dob'), <DateText key="dob" locale={locale} value={entity.dob} hijri={Boolean(entity.dobHijri)} />],
            [t('profile.accountOpenDate'), <DateText key="open" locale={locale} value={entity.accountOpenDate} />],
            // A company has a legal form and a registration, never a gender, a nationality or an individual's classification.
            ...(isOrganization
              ? ([
                  [t('profile.legalForm'), registry.legalForm ?? '—'],
                  [t('profile.registrationNumber'), registry.registrationNumber ? <Ltr key="cr">{registry.registrationNumber}</Ltr> : '—'],
                ] as [string, React.ReactNode][])
              : ([
                  [
                    t('profile.nationality'),
                    entity.nationality
                      ? label(entity.nationality.nationalityEn ?? entity.nationality.nameEn, entity.nationality.nationalityAr ?? entity.nationality.nameAr)
                      : (entity.nationalityCode ?? '—'),
                  ],
                  [t('profile.classification'), enumLabel('classification', entity.classification)],
                  [t('profile.gender'), enumLabel('gender', entity.gender)],
                ] as [string, React.ReactNode][])),
            [t('profile.monitoring'), yesNo(entity.ongoingMonitoring)],
          ]}
        />
        {canDecide && !isOrganization && entity.role === 'Client' ? (
          <div className="mt-4 border-t border-slate-100 pt-3">
            <ChangeClassification entityId={entity.id} current={entity.classification} />
          </div>
        ) : null}
      </Card>

      <Card title={t('profile.screening')} id="screening">
        <div className="grid gap-4 sm:grid-cols-2">
          <DefinitionGrid
            rows={[
              [
                t('profile.cases'),
                <span key="c" data-testid="case-count">
                  {number.format(entity.caseCount ?? 0)}
                </span>,
              ],
              [
                t('profile.matches'),
                <span key="m" data-testid="match-count">
                  {number.format(entity.matchCount ?? 0)}
                </span>,
              ],
              [t('profile.underReview'), yesNo(entity.reviewStatus?.isUnderReview)],
            ]}
          />
          <div>
            <h3 className="mb-2 text-xs font-medium text-slate-600">{t('profile.verifications')}</h3>
            <ul className="flex flex-wrap gap-2">
              {(['identity', 'email', 'phoneNumber', 'address', 'bankAccount'] as const).map((kind) => (
                <li key={kind}>
                  <Badge tone={entity.verifications?.[kind] ? 'good' : 'neutral'}>
                    {t(`profile.verificationKinds.${kind}`)}: {yesNo(entity.verifications?.[kind])}
                  </Badge>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </Card>

      {/* Screening entities have no KYC record. */}
      {kycCard ?? (
        <Card title={t('profile.kyc')} id="kyc">
          <p className="text-sm text-slate-600">{t('profile.noKyc')}</p>
        </Card>
      )}
      {/* The watchlist screening tab (matches, screen now), right after the counts when the page passes it. */}
      {screening}

      <Card title={t('profile.identities')} id="identities">
        {identities.length === 0 ? (
          <p className="text-sm text-slate-600">{t('profile.noIdentities')}</p>
        ) : (
          <Table caption={t('profile.identities')}>
            <thead>
              <tr>
                <Th>{t('profile.identityType')}</Th>
                <Th>{t('profile.identityNumber')}</Th>
                <Th>{t('profile.issuingCountry')}</Th>
                <Th>{t('profile.expiresAt')}</Th>
                <Th>{t('profile.verification')}</Th>
                <Th>{t('profile.documents')}</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {identities.map((identity) => (
                <tr key={identity.id}>
                  <Td label={t('profile.identityType')}>
                    {enumLabel('identityType', identity.type)}
                    {identity.subtype ? (
                      <div className="text-xs text-slate-600" data-testid="identity-subtype">
                        <bdi>{enumLabel('identitySubtype', identity.subtype)}</bdi>
                      </div>
                    ) : null}
                  </Td>
                  <Td label={t('profile.identityNumber')}>
                    <Ltr>{identity.number}</Ltr>
                  </Td>
                  <Td label={t('profile.issuingCountry')}>
                    {identity.issuingCountryCode ? `${countryName(locale, identity.issuingCountryCode)} (${identity.issuingCountryCode})` : '—'}
                  </Td>
                  <Td label={t('profile.expiresAt')}>
                    <DateText locale={locale} value={identity.expiresAt} />
                  </Td>
                  <Td label={t('profile.verification')}>
                    {identity.verification?.status ? (
                      <Badge tone={toneOfStatus(identity.verification.status)}>{enumLabel('verification', identity.verification.status)}</Badge>
                    ) : (
                      '—'
                    )}
                    {canDecide && (identity.verification?.status ?? 'Pending') === 'Pending' ? (
                      <VerifyIdentity entityId={entity.id} identityId={identity.id} number={identity.number} />
                    ) : null}
                  </Td>
                  <Td label={t('profile.documents')}>
                    {identity.documents?.length ? (
                      <div className="flex flex-wrap gap-2">
                        {identity.documents.map((doc) => (
                          <DocumentPreview key={doc.id} attachment={doc} />
                        ))}
                      </div>
                    ) : (
                      <span className="text-slate-500">{t('profile.noDocuments')}</span>
                    )}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        {canEdit ? (
          <div className="mt-3">
            <AddIdentity entityId={entity.id} />
          </div>
        ) : null}
      </Card>

      <Card title={t('profile.bankAccounts')} id="bank-accounts">
        {accounts.length === 0 ? (
          <p className="text-sm text-slate-600">{t('profile.noBankAccounts')}</p>
        ) : (
          <Table caption={t('profile.bankAccounts')}>
            <thead>
              <tr>
                <Th>{t('profile.iban')}</Th>
                <Th>{t('profile.bank')}</Th>
                <Th>{t('profile.holder')}</Th>
                <Th>{t('profile.verification')}</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {accounts.map((account) => (
                <tr key={account.id}>
                  <Td label={t('profile.iban')}>
                    <Ltr>{account.iban}</Ltr>
                    {account.primary ? (
                      <span className="ms-2">
                        <Badge tone="info">{t('profile.primary')}</Badge>
                      </span>
                    ) : null}
                  </Td>
                  <Td className="md:whitespace-nowrap" label={t('profile.bank')}>
                    {label(account.bankNameEn, account.bankNameAr)}
                  </Td>
                  <Td className="md:whitespace-nowrap" label={t('profile.holder')}>
                    {account.holderName ?? '—'}
                  </Td>
                  <Td label={t('profile.verification')}>
                    <div className="flex flex-wrap gap-1">
                      {account.verificationStatus ? (
                        <Badge tone={toneOfStatus(account.verificationStatus)}>{enumLabel('verification', account.verificationStatus)}</Badge>
                      ) : null}
                      {account.source ? <Badge>{enumLabel('source', account.source)}</Badge> : null}
                    </div>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>

      <Card title={t('profile.addresses')} id="addresses">
        {addresses.length === 0 ? (
          <p className="text-sm text-slate-600">{t('profile.noAddresses')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {addresses.map((address) => (
              <li key={address.id} className="text-sm">
                <p className="text-slate-900" dir="auto">
                  {address.fullAddress || [label(address.streetNameEn, address.streetNameAr), address.district, address.unitNumber].filter(Boolean).join(', ')}
                </p>
                <p className="text-xs text-slate-600">
                  {t('profile.city')}: {address.city ? label(address.city.nameEn, address.city.nameAr) : '—'}
                  {address.shortCode ? (
                    <>
                      {' '}
                      · <Ltr>{address.shortCode}</Ltr>
                    </>
                  ) : null}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card title={t('profile.tags')} id="tags">
        {canEdit ? (
          <EntityTags entityId={entity.id} assigned={tags} />
        ) : tags.length === 0 ? (
          <p className="text-sm text-slate-600">{t('profile.noTags')}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {tags.map((tag) => (
              <li key={tag.id}>
                <Badge tone="info">{label(tag.nameEn, tag.nameAr)}</Badge>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <RelationshipsCard entityId={entity.id} relationships={entity.relationships ?? []} locale={locale} />

      {entity.type === 'Organization' || entity.organizationStatus || (entity.activities?.length ?? 0) > 0 ? (
        <Card title={t('profile.organizationStatus')} id="organization">
          <DefinitionGrid
            rows={[
              [
                t('profile.organizationStatus'),
                entity.organizationStatus?.value
                  ? t.has(`enums.organizationStatus.${entity.organizationStatus.value}`)
                    ? t(`enums.organizationStatus.${entity.organizationStatus.value}`)
                    : entity.organizationStatus.value
                  : '—',
              ],
              [
                t('profile.activities'),
                entity.activities?.length ? entity.activities.map((a) => label(a.nameEn, a.nameAr)).join(ar ? '، ' : ', ') : t('profile.noActivities'),
              ],
            ]}
          />
        </Card>
      ) : null}
    </>
  );
}

import type { ComponentProps } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { displayName } from './entity-types';

type LinkProps = Omit<ComponentProps<typeof Link>, 'children' | 'className'>;

/** An entity in a list row: its name in the page's language as a link, its name in the other script below. */
export function EntityNameCell({
  entity,
  locale,
  unnamed,
  ...link
}: { entity: { nameEn?: string | null; nameAr?: string | null }; locale: string; unnamed: string } & LinkProps) {
  const name = displayName(locale, entity) ?? unnamed;
  const other = locale === 'ar' ? entity.nameEn : entity.nameAr;
  return (
    <>
      <Link {...link} className="font-medium text-brand-700 underline-offset-2 hover:underline">
        <bdi>{name}</bdi>
      </Link>
      {other && other !== name ? (
        <div className="text-xs text-slate-600">
          <bdi lang={locale === 'ar' ? 'en' : 'ar'}>{other}</bdi>
        </div>
      ) : null}
    </>
  );
}

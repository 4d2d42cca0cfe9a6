'use client';

import type { FormDraftInput } from '@/lib/kyc/schemas';
import { countryOptions } from './labels';

// The preview shows the form in one language whatever the page's language (English and Arabic side
// by side), so its few words of chrome come with it in both.
const CHROME = {
  en: {
    required: 'required',
    choose: 'Choose…',
    details: 'Details',
    noQuestions: 'No questions yet',
    untitled: 'Untitled',
    units: { Currency: 'SAR', Percent: '%', Years: 'years', Months: 'months', Count: '' },
  },
  ar: {
    required: 'مطلوب',
    choose: 'اختر…',
    details: 'التفاصيل',
    noQuestions: 'لا توجد أسئلة بعد',
    untitled: 'بلا عنوان',
    units: { Currency: 'ريال', Percent: '٪', Years: 'سنوات', Months: 'أشهر', Count: '' },
  },
} as const;

/** The form as the prospect will see it, in `lang` (what the builder holds now, saved or not). */
export function FormPreview({ form, lang }: { form: FormDraftInput; lang: 'en' | 'ar' }) {
  const countries = countryOptions(lang);
  const c = CHROME[lang];
  const text = (en?: string, ar?: string) => (lang === 'ar' ? ar : en) || c.untitled;
  const id = (...parts: (string | number)[]) => `preview-${lang}-${parts.join('-')}`;
  return (
    <div lang={lang} dir={lang === 'ar' ? 'rtl' : 'ltr'} className="flex flex-col gap-4 text-start" data-testid={`preview-${lang}`}>
      <h3 className="text-lg font-semibold text-slate-900">{text(form.nameEn, form.nameAr)}</h3>
      {(form.sections ?? []).map((section, si) => (
        <section key={si} aria-labelledby={id(si, 'title')} className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
          <h4 id={id(si, 'title')} className="font-medium text-slate-900">
            {text(section.nameEn, section.nameAr)}
          </h4>
          {(section.questions ?? []).length === 0 ? <p className="text-sm text-slate-600">{c.noQuestions}</p> : null}
          {(section.questions ?? []).map((q, qi) => {
            const label = text(q.labelEn, q.labelAr);
            const inputId = id(si, qi);
            const mark = q.required ? <span className="text-xs text-red-700"> ({c.required})</span> : null;
            const unit = q.unit ? c.units[q.unit] : '';
            if (q.type === 'SingleChoice' || q.type === 'MultipleChoice') {
              const multiple = q.type === 'MultipleChoice' && q.allowMultiple;
              return (
                <fieldset key={qi} className="flex flex-col gap-1">
                  <legend className="text-sm font-medium text-slate-800">
                    {label}
                    {mark}
                  </legend>
                  {(q.options ?? []).map((o, oi) => (
                    <label key={oi} className="flex items-center gap-2 text-sm text-slate-800">
                      <input type={multiple ? 'checkbox' : 'radio'} name={inputId} className="size-4 accent-emerald-800" />
                      {text(o.nameEn, o.nameAr)}
                      {o.additionalInfoEnabled ? <span className="text-xs text-slate-600">({c.details})</span> : null}
                    </label>
                  ))}
                </fieldset>
              );
            }
            let control;
            switch (q.type) {
              case 'LongText':
                control = <textarea id={inputId} rows={2} className="rounded-md border border-slate-300 px-2 py-1 text-sm" />;
                break;
              case 'Number':
                control = (
                  <span className="flex items-center gap-2">
                    <input id={inputId} inputMode="decimal" dir="ltr" className="w-40 rounded-md border border-slate-300 px-2 py-1 text-sm" />
                    {unit ? <span className="text-sm text-slate-600">{unit}</span> : null}
                  </span>
                );
                break;
              case 'Date':
                control = <input id={inputId} type="date" className="w-48 rounded-md border border-slate-300 px-2 py-1 text-sm" />;
                break;
              case 'Country':
                control = (
                  <select id={inputId} className="rounded-md border border-slate-300 px-2 py-1 text-sm" defaultValue="">
                    <option value="">{c.choose}</option>
                    {countries.map((country) => (
                      <option key={country.code} value={country.code}>
                        {country.name}
                      </option>
                    ))}
                  </select>
                );
                break;
              case 'Attachment':
                control = <input id={inputId} type="file" multiple={q.allowMultiple} className="text-sm" />;
                break;
              default:
                control = <input id={inputId} className="rounded-md border border-slate-300 px-2 py-1 text-sm" />;
            }
            return (
              <div key={qi} className="flex flex-col gap-1">
                <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
                  {label}
                  {mark}
                </label>
                {control}
              </div>
            );
          })}
        </section>
      ))}
    </div>
  );
}

'use client';

import { useId, useRef, useState } from 'react';
import { FormProvider, useFieldArray, useForm, useFormContext, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, GripVertical, Plus, Trash2 } from 'lucide-react';
import { useRouter } from '@/lib/i18n/navigation';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input, Select } from '@/components/ui/field';
import { fetchJson, FetchError } from '@/components/ui/fetch-json';
import { formDraftInput, formDraftOf, type FormDraftInput, type FormOut } from '@/lib/kyc/schemas';
import { ErrorSummary } from './builder-errors';
import { problemsFromServer, problemsOf, revealField, type Problem } from './builder-problems';
import { FormPreview } from './form-preview';
import { formStatusTone, localized } from './labels';
import { newQuestion, optionalNumber, QuestionEditor, useErrorText } from './question-editor';

const CLASSIFICATIONS = ['Retail', 'Professional', 'Institutional'] as const;
const FORM_TYPES = ['Kyc', 'RiskAssessment', 'Suitability', 'Edd', 'QualifiedInvestor', 'AdditionalInformation', 'Case'] as const;

const newSection = () => ({ nameEn: '', nameAr: '', weights: { Retail: 10, Professional: 10, Institutional: 10 }, questions: [newQuestion()] });

/**
 * The form builder: the form's names and type, its sections (ordered by drag and drop or by the
 * move buttons, both keyboard-operable), their weights per classification, questions and options
 * with their scores; a live preview in English and Arabic beside it. Validated with the API's own
 * schema (formDraftInput); saved whole with PUT, then published. Published and Deactivated forms are
 * shown read-only, with "new version" to edit.
 */
export function FormBuilder({ initial, canEdit }: { initial: FormOut; canEdit: boolean }) {
  const t = useTranslations('kyc');
  const locale = useLocale();
  const router = useRouter();
  const [form, setForm] = useState(initial);
  const [notice, setNotice] = useState<{ ok: boolean; text: string; problems?: Problem[] } | null>(null);
  const editor = useRef<HTMLFormElement>(null);
  const editable = canEdit && form.status === 'Draft';
  const methods = useForm<FormDraftInput>({ resolver: zodResolver(formDraftInput), defaultValues: formDraftOf(initial), mode: 'onSubmit' });
  const { handleSubmit, reset, setError, formState } = methods;
  const base = `/services/crm/kyc-flows/${form.flowId}/forms/${form.id}`;

  const fail = (error: unknown) => {
    // The API validates with the same schema, so its 400 names fields the form shows: mark them there too.
    const problems = error instanceof FetchError ? problemsFromServer(error.body?.validationErrors ?? []) : [];
    for (const { path, type, message } of problems) setError(path as never, { type, message });
    setNotice({
      ok: false,
      text: error instanceof FetchError ? (locale === 'ar' ? error.body?.message?.ar : error.body?.message?.en) || error.message : t('common.failed'),
      problems,
    });
  };
  const adopt = (next: FormOut) => {
    setForm(next);
    reset(formDraftOf(next));
  };
  const save = (values: FormDraftInput) => fetchJson<FormOut>(base, { method: 'PUT', body: JSON.stringify(values) });

  const saveMutation = useMutation({
    mutationFn: save,
    onSuccess: (saved) => {
      adopt(saved);
      setNotice({ ok: true, text: t('builder.saved') });
    },
    onError: fail,
  });
  const publishMutation = useMutation({
    mutationFn: async (values: FormDraftInput | null) => {
      if (values) adopt(await save(values));
      return fetchJson<FormOut>(`${base}/publish`, { method: 'POST', body: '{}' });
    },
    onSuccess: (published) => {
      adopt(published);
      setNotice({ ok: true, text: t('builder.publishedNotice') });
      router.refresh();
    },
    onError: fail,
  });
  const versionMutation = useMutation({
    mutationFn: () => fetchJson<{ data: FormOut }>(`${base}/versions`, { method: 'POST', body: '{}' }),
    onSuccess: ({ data }) => router.push(`/kyc/forms/${data.id}`),
    onError: fail,
  });
  const deactivateMutation = useMutation({
    mutationFn: () => fetchJson<FormOut>(`${base}/deactivate`, { method: 'POST', body: '{}' }),
    onSuccess: (next) => {
      adopt(next);
      setNotice({ ok: true, text: t('builder.deactivatedNotice') });
    },
    onError: fail,
  });
  const busy = saveMutation.isPending || publishMutation.isPending || versionMutation.isPending || deactivateMutation.isPending;
  // Every problem listed by where it is, so that one in a folded question is not missed.
  const invalid = (errors: FieldErrors<FormDraftInput>) => setNotice({ ok: false, text: '', problems: problemsOf(errors) });

  return (
    <FormProvider {...methods}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3" data-testid="builder-toolbar">
          <div className="flex flex-wrap items-center gap-2">
            <span data-testid="form-status">
              <Badge tone={formStatusTone(form.status)}>{t(`enums.formStatus.${form.status}`)}</Badge>
            </span>
            <span className="text-sm text-slate-700">{t('builder.versionN', { n: form.version })}</span>
            {formState.isDirty ? <span className="text-sm text-amber-800">{t('builder.unsaved')}</span> : null}
          </div>
          <div className="flex flex-wrap gap-2">
            {editable ? (
              <>
                <Button variant="secondary" disabled={busy} onClick={handleSubmit((values) => saveMutation.mutate(values), invalid)}>
                  {t('builder.save')}
                </Button>
                <Button disabled={busy} onClick={handleSubmit((values) => publishMutation.mutate(formState.isDirty ? values : null), invalid)}>
                  {t('builder.publish')}
                </Button>
              </>
            ) : null}
            {canEdit && form.status !== 'Draft' ? (
              <Button variant="secondary" disabled={busy} onClick={() => versionMutation.mutate()}>
                {t('builder.newVersion')}
              </Button>
            ) : null}
            {canEdit && form.status === 'Published' ? (
              <Button variant="danger" disabled={busy} onClick={() => deactivateMutation.mutate()}>
                {t('builder.deactivate')}
              </Button>
            ) : null}
          </div>
        </div>
        <div aria-live="polite" data-testid="builder-notice">
          {notice ? (
            <div role={notice.ok ? 'status' : 'alert'} className={notice.ok ? 'text-sm text-emerald-800' : 'text-sm text-red-700'}>
              {notice.problems?.length ? (
                <ErrorSummary problems={notice.problems} onReveal={(path) => revealField(editor.current, path)} />
              ) : (
                <p>{notice.text}</p>
              )}
            </div>
          ) : null}
        </div>
        {!editable ? <p className="text-sm text-slate-700">{canEdit ? t('builder.readOnly') : t('builder.readOnlyRole')}</p> : null}

        <div className="grid items-start gap-4 xl:grid-cols-2">
          <form
            ref={editor}
            className="flex min-w-0 flex-col gap-4"
            onSubmit={handleSubmit((values) => saveMutation.mutate(values), invalid)}
            aria-label={t('builder.editor')}
            noValidate
          >
            <fieldset disabled={!editable} className="flex min-w-0 flex-col gap-4">
              <FormFields />
              <Sections editable={editable} />
            </fieldset>
          </form>
          <Preview title={localized(locale, form.nameEn, form.nameAr)} />
        </div>
      </div>
    </FormProvider>
  );
}

function FormFields() {
  const t = useTranslations('kyc');
  const errorText = useErrorText();
  const { register, control, formState } = useFormContext<FormDraftInput>();
  const type = useWatch({ control, name: 'type' });
  return (
    <Card title={t('builder.formDetails')} id="form-details">
      <div className="grid gap-3 md:grid-cols-2">
        <Field label={t('form.nameEn')} htmlFor="form-name-en" error={errorText(formState.errors.nameEn, 'nameEn')}>
          <Input id="form-name-en" dir="ltr" lang="en" {...register('nameEn')} />
        </Field>
        <Field label={t('form.nameAr')} htmlFor="form-name-ar" error={errorText(formState.errors.nameAr, 'nameAr')}>
          <Input id="form-name-ar" dir="rtl" lang="ar" {...register('nameAr')} />
        </Field>
        <Field label={t('form.type')} htmlFor="form-type">
          <Select id="form-type" {...register('type')}>
            {FORM_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`enums.formType.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
        {type === 'Suitability' ? (
          <Field
            label={t('builder.passMark')}
            htmlFor="form-pass-mark"
            error={errorText(formState.errors.passMark, 'passMark')}
            hint={t('builder.passMarkHint')}
          >
            <Input id="form-pass-mark" type="number" min={0} dir="ltr" {...register('passMark', { setValueAs: optionalNumber })} />
          </Field>
        ) : null}
      </div>
    </Card>
  );
}

function Sections({ editable }: { editable: boolean }) {
  const t = useTranslations('kyc');
  const locale = useLocale();
  const { control } = useFormContext<FormDraftInput>();
  const sections = useFieldArray({ control, name: 'sections', keyName: 'key' });
  const values = useWatch({ control, name: 'sections' });
  // dnd-kit numbers its aria-describedby ids with a module counter, which on the server keeps
  // counting across requests: the HTML said "DndDescribedBy-3" where the browser made "-0", and the
  // handles pointed at no description. React's id is the same on both sides.
  const dndId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (key: unknown) => {
    const i = sections.fields.findIndex((f) => f.key === key);
    return localized(locale, values?.[i]?.nameEn, values?.[i]?.nameAr) || t('builder.sectionN', { n: i + 1 });
  };
  const position = (key: unknown) => sections.fields.findIndex((f) => f.key === key) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('builder.dnd.picked', { name: nameOf(active.id), n: position(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('builder.dnd.over', { name: nameOf(active.id), n: position(over.id) }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('builder.dnd.dropped', { name: nameOf(active.id), n: position(over.id) }) : undefined),
    onDragCancel: ({ active }) => t('builder.dnd.cancelled', { name: nameOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    sections.move(
      sections.fields.findIndex((f) => f.key === active.id),
      sections.fields.findIndex((f) => f.key === over.id),
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold text-slate-900">{t('builder.sections')}</h2>
      <DndContext
        id={dndId}
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('builder.dnd.instructions') } }}
      >
        <SortableContext items={sections.fields.map((f) => f.key)} strategy={verticalListSortingStrategy}>
          <ol className="flex flex-col gap-3" data-testid="sections">
            {sections.fields.map((field, index) => (
              <SortableSection
                key={field.key}
                id={field.key}
                index={index}
                count={sections.fields.length}
                editable={editable}
                onMove={(to) => sections.move(index, to)}
                onRemove={() => sections.remove(index)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <Button variant="secondary" className="self-start" disabled={!editable} onClick={() => sections.append(newSection())}>
        <Plus aria-hidden className="size-4" />
        {t('builder.addSection')}
      </Button>
    </div>
  );
}

function SortableSection({
  id,
  index,
  count,
  editable,
  onMove,
  onRemove,
}: {
  id: string;
  index: number;
  count: number;
  editable: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const t = useTranslations('kyc');
  const locale = useLocale();
  const errorText = useErrorText();
  const { register, control, getFieldState, formState } = useFormContext<FormDraftInput>();
  const path = `sections.${index}` as const;
  const section = useWatch({ control, name: path });
  const questions = useFieldArray({ control, name: `${path}.questions`, keyName: 'key' });
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: !editable });
  const name = localized(locale, section?.nameEn, section?.nameAr) || t('builder.sectionN', { n: index + 1 });
  const fid = (f: string) => `s${index}-${f}`;
  const err = (f: string) => errorText(getFieldState(`${path}.${f}` as never, formState).error, `${path}.${f}`);

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`rounded-lg border bg-white shadow-sm ${isDragging ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200'}`}
      data-testid="section-editor"
    >
      {/* One row whatever the name's length: the name wraps, the handle and the buttons keep their place. */}
      <div className="flex items-center gap-2 border-b border-slate-200 px-3 py-2 [&>button]:shrink-0">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="rounded p-1 text-slate-600 hover:bg-slate-100 disabled:opacity-40"
          aria-label={t('builder.dragSection', { name })}
          data-testid="section-handle"
          {...attributes}
          {...listeners}
        >
          <GripVertical aria-hidden className="size-5" />
        </button>
        <h3 className="me-auto min-w-0 flex-1 font-semibold [overflow-wrap:anywhere] text-slate-900">
          {index + 1}. <bdi>{name}</bdi>
        </h3>
        <Button
          size="sm"
          variant="ghost"
          disabled={!editable || index === 0}
          onClick={() => onMove(index - 1)}
          aria-label={t('builder.moveSectionUp', { name })}
        >
          <ArrowUp aria-hidden className="size-4" />
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={!editable || index === count - 1}
          onClick={() => onMove(index + 1)}
          aria-label={t('builder.moveSectionDown', { name })}
        >
          <ArrowDown aria-hidden className="size-4" />
        </Button>
        <Button size="sm" variant="ghost" disabled={!editable} onClick={onRemove} aria-label={t('builder.removeSection', { name })}>
          <Trash2 aria-hidden className="size-4" />
        </Button>
      </div>
      <div className="flex flex-col gap-3 p-3">
        <div className="grid gap-3 md:grid-cols-2">
          <Field label={t('builder.sectionNameEn')} htmlFor={fid('nameEn')} error={err('nameEn')}>
            <Input id={fid('nameEn')} dir="ltr" lang="en" {...register(`${path}.nameEn`)} />
          </Field>
          <Field label={t('builder.sectionNameAr')} htmlFor={fid('nameAr')} error={err('nameAr')}>
            <Input id={fid('nameAr')} dir="rtl" lang="ar" {...register(`${path}.nameAr`)} />
          </Field>
        </div>
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-1 text-sm font-medium text-slate-800">{t('builder.weights')}</legend>
          {CLASSIFICATIONS.map((c) => (
            <Field key={c} label={t(`enums.classification.${c}`)} htmlFor={fid(`w-${c}`)} error={err(`weights.${c}`)}>
              <Input id={fid(`w-${c}`)} type="number" min={0} max={100} dir="ltr" {...register(`${path}.weights.${c}`, { valueAsNumber: true })} />
            </Field>
          ))}
        </fieldset>
        <h4 className="text-sm font-semibold text-slate-900">{t('builder.questions')}</h4>
        <ol className="flex flex-col gap-2">
          {questions.fields.map((field, qi) => (
            <li key={field.key}>
              <QuestionEditor
                path={`${path}.questions.${qi}`}
                index={qi}
                count={questions.fields.length}
                editable={editable}
                onMove={(to) => questions.move(qi, to)}
                onRemove={() => questions.remove(qi)}
              />
            </li>
          ))}
        </ol>
        <Button size="sm" variant="secondary" className="self-start" disabled={!editable} onClick={() => questions.append(newQuestion())}>
          <Plus aria-hidden className="size-4" />
          {t('builder.addQuestion')}
        </Button>
      </div>
    </li>
  );
}

function Preview({ title }: { title: string }) {
  const t = useTranslations('kyc');
  const { control } = useFormContext<FormDraftInput>();
  const values = useWatch({ control }) as FormDraftInput;
  return (
    <section aria-labelledby="preview-title" className="flex min-w-0 flex-col gap-3 xl:sticky xl:top-4">
      <h2 id="preview-title" className="text-lg font-semibold text-slate-900">
        {t('builder.preview')} <span className="sr-only">– {title}</span>
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <p className="mb-2 text-xs font-medium text-slate-600">{t('builder.previewEn')}</p>
          <FormPreview form={values} lang="en" />
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <p className="mb-2 text-xs font-medium text-slate-600">{t('builder.previewAr')}</p>
          <FormPreview form={values} lang="ar" />
        </div>
      </div>
    </section>
  );
}

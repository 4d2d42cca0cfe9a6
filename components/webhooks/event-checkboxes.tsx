/** One checkbox per event type (native inputs: the form posts `eventTypes` as a list). */
export function EventCheckboxes({
  types,
  selected,
  legend,
  hint,
  idPrefix,
  labelOf = (type) => type,
}: {
  types: readonly string[];
  selected: string[];
  legend: string;
  hint: string;
  idPrefix: string;
  /** The event's name in the page's language (the code stays beside it). */
  labelOf?: (type: string) => string;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <p className="text-xs text-slate-600">{hint}</p>
      <div className="grid gap-2 sm:grid-cols-2">
        {types.map((type) => (
          <label key={type} htmlFor={`${idPrefix}-${type}`} className="flex items-center gap-2 text-sm text-slate-800">
            <input id={`${idPrefix}-${type}`} type="checkbox" name="eventTypes" value={type} defaultChecked={selected.includes(type)} className="size-4" />
            <span>
              {labelOf(type)}{' '}
              <code dir="ltr" className="text-xs break-all text-slate-600">
                {type}
              </code>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A labelled on/off switch: a real button (keyboard and form friendly) with role="switch".
 * It submits `name=value`, so a form of switches works before hydration too.
 */
export function Switch({
  label,
  description,
  checked,
  disabled = false,
  name,
  value,
  id,
}: {
  label: string;
  description?: string;
  checked: boolean;
  disabled?: boolean;
  name: string;
  value: string;
  id: string;
}) {
  return (
    <button
      type="submit"
      role="switch"
      aria-checked={checked}
      aria-labelledby={`${id}-label`}
      aria-describedby={description ? `${id}-description` : undefined}
      id={id}
      name={name}
      value={value}
      disabled={disabled}
      className="group flex min-h-11 w-full items-center justify-between gap-4 rounded-lg px-2 py-2 text-start hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-60"
    >
      <span className="flex flex-col">
        <span id={`${id}-label`} className="font-medium text-stone-900">
          {label}
        </span>
        {description && (
          <span id={`${id}-description`} className="text-sm text-stone-700">
            {description}
          </span>
        )}
      </span>
      <span
        aria-hidden="true"
        className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 transition-colors ${
          checked ? "border-brand-700 bg-brand-700" : "border-stone-500 bg-stone-200"
        }`}
      >
        <span
          className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${checked ? "translate-x-5 rtl:-translate-x-5" : "translate-x-0.5 rtl:-translate-x-0.5"}`}
        />
      </span>
    </button>
  );
}

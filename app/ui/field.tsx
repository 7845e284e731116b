import { useId } from "react";
import { FieldError } from "./field-error";

/** What a field's control needs to be labelled and described: spread it first onto the input, textarea or select. */
export interface FieldControl {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

export interface FieldProps {
  label: React.ReactNode;
  /** The control's id; the hint and error take `<id>-hint` and `<id>-error`. From useId unless given. */
  id?: string;
  /** Help under the control, always read with it. */
  hint?: React.ReactNode;
  error?: string | null;
  /** Ids of other messages the control is described by (read between the hint and the error). */
  describedBy?: (string | null | undefined | false)[];
  labelClassName?: string;
  /** The wrapper's class, for a field that sits in a row (`flex-1`). */
  className?: string;
  /**
   * The error is a live alert by default, so it is heard when an action answers. The book forms show
   * theirs quietly under the field, as they always have (their form-level error is the alert).
   */
  announceError?: boolean;
}

const LABEL = "mb-1 block font-medium";

/**
 * A label, one control, its hint and its error, wired together: the label names the control,
 * aria-describedby joins the hint and the error, aria-invalid is set while there is an error.
 * `children` renders the control from the props it is given, so any input, textarea, select
 * or a control with a button beside it fits.
 */
export function Field({
  label,
  id: given,
  hint,
  error,
  describedBy = [],
  labelClassName = LABEL,
  className,
  announceError = true,
  children,
}: FieldProps & { children: (control: FieldControl) => React.ReactNode }) {
  const generated = useId();
  const id = given ?? generated;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint ? hintId : null, ...describedBy, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": described || undefined })}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-stone-700">
          {hint}
        </p>
      )}
      {announceError ? (
        <FieldError id={errorId} message={error} />
      ) : (
        error && (
          <p id={errorId} className="mt-1 text-sm text-red-800">
            {error}
          </p>
        )
      )}
    </div>
  );
}

/** The wrappers' own props: `className` styles the control, `fieldClassName` the field around it. */
type Own = Omit<FieldProps, "className"> & { name: string; fieldClassName?: string };

/** A labelled text input (or any <input>); the input's own attributes pass through, className included. */
export function TextField({
  label,
  id,
  hint,
  error,
  describedBy,
  labelClassName,
  fieldClassName,
  announceError,
  ...input
}: Own & Omit<React.ComponentProps<"input">, "id" | "name">) {
  return (
    <Field {...{ label, id, hint, error, describedBy, labelClassName, announceError }} className={fieldClassName}>
      {(control) => <input {...control} className="field" {...input} />}
    </Field>
  );
}

/** A labelled textarea. */
export function TextAreaField({
  label,
  id,
  hint,
  error,
  describedBy,
  labelClassName,
  fieldClassName,
  announceError,
  ...textarea
}: Own & Omit<React.ComponentProps<"textarea">, "id" | "name">) {
  return (
    <Field {...{ label, id, hint, error, describedBy, labelClassName, announceError }} className={fieldClassName}>
      {(control) => <textarea {...control} className="field" {...textarea} />}
    </Field>
  );
}

/** A labelled select; its children are the options. */
export function SelectField({
  label,
  id,
  hint,
  error,
  describedBy,
  labelClassName,
  fieldClassName,
  announceError,
  ...select
}: Own & Omit<React.ComponentProps<"select">, "id" | "name">) {
  return (
    <Field {...{ label, id, hint, error, describedBy, labelClassName, announceError }} className={fieldClassName}>
      {(control) => <select {...control} className="field" {...select} />}
    </Field>
  );
}

/** The book forms' look: a smaller label, and errors shown quietly (their form-level error is the alert). */
export const bookFieldStyle = { labelClassName: "mb-1 block text-sm font-semibold", announceError: false } as const;

import { useId } from "react";

/** A labelled text input with its error shown beneath it and announced by aria-describedby. */
export function TextField({
  label,
  name,
  error,
  ...input
}: { label: string; name: string; error?: string } & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "id">) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        className="field"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

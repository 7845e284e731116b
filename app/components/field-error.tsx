/** A field's error under it, announced when it appears; the field points at it with aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-800">
      {message}
    </p>
  );
}

/**
 * A field's error under it, announced when it appears; the field points at it with aria-describedby.
 * In a row of actions (`inline`) it takes a line of its own below them.
 */
export function FieldError({ id, message, inline = false }: { id?: string; message: string | null | undefined; inline?: boolean }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={inline ? "basis-full text-sm text-red-800" : "mt-1 text-sm text-red-800"}>
      {message}
    </p>
  );
}

/**
 * Building an Intl.DateTimeFormat costs tens of microseconds, far more than formatting with one,
 * and list pages format a date per row. Formats are kept per locale and options; time zones are a
 * bounded set, so the cache stays small. Shared by the Worker and the browser bundle.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

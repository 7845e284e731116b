/** A distance in kilometres in the reader's locale, with its unit ("3 km", "٣ كم"): Intl, never a string built here. */
export const formatKm = (locale: string, km: number) => new Intl.NumberFormat(locale, { style: "unit", unit: "kilometer" }).format(km);

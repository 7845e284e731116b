/** Every number in an answer that could be a 0.01° cell's coordinate (degrees × 100) or its degrees: what a leak test looks through. */
export function numbersIn(value: unknown): number[] {
  if (typeof value === "number") return [value];
  if (Array.isArray(value)) return value.flatMap(numbersIn);
  if (value && typeof value === "object") return Object.values(value).flatMap(numbersIn);
  return [];
}

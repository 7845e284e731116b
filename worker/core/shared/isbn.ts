/** ISBN helpers: validation by check digit, and conversion between the 10- and 13-digit forms. */

function isbn13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

function isbn10CheckChar(first9: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(first9[i]) * (10 - i);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? "X" : String(check);
}

/** True for any EAN-13 whose check digit is right (barcodes carry EAN-13, not only ISBNs). */
export function isValidEan13(digits: string): boolean {
  return /^\d{13}$/.test(digits) && isbn13CheckDigit(digits.slice(0, 12)) === Number(digits[12]);
}

export function isValidIsbn13(value: string): boolean {
  return /^97[89]\d{10}$/.test(value) && isValidEan13(value);
}

export function isValidIsbn10(value: string): boolean {
  return /^\d{9}[\dX]$/.test(value) && isbn10CheckChar(value.slice(0, 9)) === value[9];
}

/** ISBN-10 exists only for the 978 prefix. */
export function isbn13To10(isbn13: string): string | null {
  if (!isValidIsbn13(isbn13) || !isbn13.startsWith("978")) return null;
  const core = isbn13.slice(3, 12);
  return core + isbn10CheckChar(core);
}

export function isbn10To13(isbn10: string): string | null {
  if (!isValidIsbn10(isbn10)) return null;
  const first12 = `978${isbn10.slice(0, 9)}`;
  return first12 + isbn13CheckDigit(first12);
}

export interface Isbns {
  isbn10: string | null;
  isbn13: string | null;
}

/**
 * Both forms from whatever a cover or a model gave ("ISBN 978-0-14-143947-1", "0141439475"),
 * or null when it is not a valid ISBN: a misread digit must not become a wrong book.
 */
export function normalizeIsbn(raw: string | null | undefined): Isbns | null {
  if (!raw) return null;
  const compact = raw
    .toUpperCase()
    .replace(/^\s*ISBN(?:-1[03])?:?\s*/, "")
    .replace(/[\s-]/g, "");
  if (isValidIsbn13(compact)) return { isbn13: compact, isbn10: isbn13To10(compact) };
  if (isValidIsbn10(compact)) return { isbn10: compact, isbn13: isbn10To13(compact) };
  return null;
}

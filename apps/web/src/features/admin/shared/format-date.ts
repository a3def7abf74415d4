/** A date without the time, in the reader's locale: "12 Mar 2026". */
export function formatDate(date: Date, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

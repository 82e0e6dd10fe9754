// CSV as spreadsheets read it (RFC 4180): fields with a comma, quote or line break are quoted.
// A text field that starts like a formula (= + - @, tab, carriage return) gets a leading
// apostrophe, so a client seed such as "=HYPERLINK(...)" stays text when the file is opened.

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value !== "string") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: ReadonlyArray<string | number | boolean | null | undefined>): string => `${fields.map(csvField).join(",")}\r\n`;

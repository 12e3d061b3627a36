/**
 * Text as the shop keeps it, apart from the input schemas that apply it (schemas.ts), so code that only writes
 * rows (the order writer's thread, which puts an order's e-mail subject on one line) loads no schema library.
 */

// A name or phone is one line: a pasted line break, tab or NUL would break the order e-mail's subject,
// the admin tables and the spreadsheets, so control characters become a space. Comments keep their
// line breaks (as \n) and lose only the other control characters.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const ONE_LINE_CONTROLS = /[\u0000-\u001f\u007f\u2028\u2029]+/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const MULTI_LINE_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f]/g;
// Bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) reorder what follows them up to the
// end of the line: in a name they scramble the admin tables and spreadsheet rows around it, or make one text
// read as another. Nobody types them on purpose, so they are dropped from single- and multi-line text alike.
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
export const asOneLine = (s: string): string => s.replace(BIDI_CONTROLS, '').replace(ONE_LINE_CONTROLS, ' ');
export const asMultiLine = (s: string): string =>
  s.replace(BIDI_CONTROLS, '').replace(/\r\n?/g, '\n').replace(MULTI_LINE_CONTROLS, '');

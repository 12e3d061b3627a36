import type { RestRoute } from '../restRoute.ts';

const tag = 'Catalogue spreadsheet';
const upload = {
  maxBytes: 'catalogSheetMaxBytes',
  variable: 'CATALOG_SHEET_MAX_BYTES',
  what: 'spreadsheet',
} as const;

export const catalogSheetRest: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/Products/Spreadsheet/Csv',
    procedure: 'catalog.sheetCsv',
    input: 'none',
    respond: 'file',
    file: { contentType: 'text/csv', description: 'The catalogue as CSV (UTF-8 with a byte order mark)' },
    summary:
      'Every product that is not deleted, one row each (Id, Version, Name, Type, Status, Species, Zones, Size, Brand, Description, then Tier N From/To/Price), as CSV.',
    tag,
  },
  {
    method: 'GET',
    path: '/api/v1/Products/Spreadsheet/Xlsx',
    procedure: 'catalog.sheetXlsx',
    input: 'none',
    respond: 'file',
    file: {
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      description: 'The catalogue as an .xlsx workbook',
    },
    summary: 'The same catalogue spreadsheet as an .xlsx workbook.',
    tag,
  },
  {
    method: 'POST',
    path: '/api/v1/Products/Spreadsheet/Preview',
    procedure: 'catalog.previewSheet',
    input: 'multipart',
    upload,
    summary:
      'Reads an uploaded catalogue spreadsheet (multipart field file, .csv or .xlsx) and answers what it would add, change (field by field) and refuse (row and reason), and a token for the apply. Writes nothing; a file that is not the catalogue spreadsheet is a 400.',
    tag,
  },
  {
    method: 'POST',
    path: '/api/v1/Products/Spreadsheet/Apply',
    procedure: 'catalog.applySheet',
    input: 'multipart',
    upload,
    refusals: ['conflict'],
    summary:
      "Applies the same file (multipart field file) with the preview's token (query token) in one transaction, exactly as previewed; 409 when the catalogue changed since the preview.",
    tag,
    successMessage: 'The spreadsheet was applied.',
  },
];

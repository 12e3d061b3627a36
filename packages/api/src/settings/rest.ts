import type { RestRoute } from '../restRoute.ts';

const tag = 'Settings';

export const settingsRest: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/Settings/GetAllSettings',
    procedure: 'settings.all',
    input: 'none',
    summary: 'All site settings (OnlineOrderingEnabled, Message, ActivePdf, ProductStockEmails).',
    tag,
  },
  {
    method: 'GET',
    path: '/api/v1/Settings/GetSavedMessages',
    procedure: 'settings.savedMessages',
    input: 'none',
    summary: 'Messages saved under a name for reuse as the global message.',
    tag,
  },
  {
    method: 'POST',
    path: '/api/v1/Settings/SaveMessage',
    procedure: 'settings.saveMessageAs',
    input: 'body',
    summary:
      'Saves {name, html} as a reusable message (sanitized); an existing name is replaced. Answers the settings.',
    tag,
  },
  {
    method: 'PUT',
    path: '/api/v1/Settings/RenameSavedMessage',
    procedure: 'settings.renameSavedMessage',
    input: 'body',
    summary:
      'Renames a saved message ({messageId, name}); a name another saved message has is refused (400). Answers the saved messages.',
    tag,
  },
  {
    method: 'DELETE',
    path: '/api/v1/Settings/DeleteSavedMessage',
    procedure: 'settings.deleteSavedMessage',
    input: 'query',
    summary:
      'Deletes a saved message (messageId); the message shown on the shop stays as it is. Answers the saved messages.',
    tag,
  },
  {
    method: 'PUT',
    path: '/api/v1/Settings/SetOrdersClosed',
    procedure: 'settings.setOrdersClosed',
    input: 'query',
    summary: 'Opens (isOpen=true) or closes (isOpen=false) online ordering. Answers the settings.',
    tag,
  },
  {
    method: 'PUT',
    path: '/api/v1/Settings/SetActivePdf',
    procedure: 'settings.setActivePdf',
    input: 'multipart',
    upload: { maxBytes: 'pdfMaxBytes', variable: 'PDF_MAX_BYTES', what: 'flyer' },
    summary:
      'Uploads the PDF flyer (multipart field file; a PDF by type and content, size capped). Answers the settings.',
    tag,
  },
  {
    method: 'PUT',
    path: '/api/v1/Settings/ClearActivePdf',
    procedure: 'settings.clearActivePdf',
    input: 'none',
    summary: 'Removes the PDF flyer. Answers the settings.',
    tag,
  },
  {
    method: 'PUT',
    path: '/api/v1/Settings/SetProductStockEmails',
    procedure: 'settings.setProductStockEmails',
    input: 'body',
    summary:
      'Sets the addresses told when a product sells out ({emails}, separated by commas). Answers the settings.',
    tag,
  },
  {
    method: 'PUT',
    path: '/api/v1/Settings/SetMessage',
    procedure: 'settings.setMessage',
    input: 'body',
    summary:
      'Sets the global message shown on the storefront ({html}, sanitized to an allow-list). Answers the settings.',
    tag,
  },
];

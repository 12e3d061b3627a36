import type { RestRoute } from '../restRoute.ts';

const tag = 'Seasons';

export const seasonsRest: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/Seasons/Current',
    procedure: 'seasons.current',
    input: 'none',
    summary:
      'The season orders and stock belong to now: its number (the season GetAllOrdersForSeason takes), its label and its first and last day.',
    tag,
  },
  {
    method: 'GET',
    path: '/api/v1/Seasons/Rollover',
    procedure: 'seasons.rollover',
    input: 'none',
    summary:
      'The current and next season, why a new season cannot be started now (or null), and the last new season staff started with its options and automatic backup.',
    tag,
  },
  {
    method: 'POST',
    path: '/api/v1/Seasons/Rollover/Preview',
    procedure: 'seasons.previewRollover',
    input: 'body',
    summary:
      'What starting the next season would change, product by product (status, prices, opening stock), with the options {raisePercent, statuses, stock}. Writes nothing; answers a token for the start.',
    tag,
  },
  {
    method: 'POST',
    path: '/api/v1/Seasons/Rollover',
    procedure: 'seasons.startSeason',
    input: 'body',
    refusals: ['conflict'],
    summary:
      'Starts the next season with {options, token} from the preview: an automatic backup first (its name is in the answer; restoring it undoes the new season), then one transaction. 409 when the catalogue changed since the preview.',
    tag,
    successMessage: 'The new season has started.',
  },
  {
    method: 'GET',
    path: '/api/v1/Seasons/Rollover/Backup',
    procedure: 'seasons.rolloverBackup',
    input: 'query',
    respond: 'file',
    file: {
      contentType: 'application/zip',
      description: 'The backup archive (.zip) taken before the new season',
    },
    refusals: ['not_found'],
    summary:
      'Downloads the automatic backup a new season took before it wrote anything (query rolloverId); restoring it with RestoreAuth undoes that season.',
    tag,
  },
];

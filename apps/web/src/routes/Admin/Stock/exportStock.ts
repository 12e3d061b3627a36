import { downloadExport } from '../shared/download';

/** 'Export Stock': the ProductStock workbook, saved as 'YYYY-MM-DD ProductStock.xls'; failures go to the console only. */
export function exportStock(): Promise<boolean> {
  return downloadExport('/Exports/GetStockExport', 'ProductStock');
}

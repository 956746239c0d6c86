// The transactions module's public surface: other modules, plugins and app.ts import it from here,
// never from its files.
export { default as transactionRoutes } from './routes';
export { csvDocument, csvStream, type CsvColumn } from './csv';
export { exportHousekeeping, scheduleExportSweeps, sweepInterruptedExports } from './export-jobs';

// The statements module's door: the merchant's statement routes, and its renderers (CSV and PDF).
export { renderCsv } from './csv';
export { type PdfOptions, renderPdf } from './pdf';
export type { Rows, StatementHeader, StatementJournal, StatementOrder } from './statement.model';
export { statementRoutes } from './statements.routes';

import { merchantAdminRoutes } from '@dropdesk/contract/merchants-admin';
import type { QueryOf } from '@dropdesk/contract/route';
import { download } from '../../../lib/http';

type Statement = (typeof merchantAdminRoutes)['statement'];
export type StatementQuery = QueryOf<Statement>;

/** The statement's rules as the server checks them: a period of days, `to` not before `from`, at most 366. */
export const statementSchema = merchantAdminRoutes.statement.query;

/**
 * Produces a merchant's statement and saves it under the name the server gives it: the merchant's own
 * file, in its language and time zone, whatever the console's. The server records it in the audit log
 * (`statement.produce`). Resolves to the file's name.
 */
export function downloadStatement(query: StatementQuery): Promise<string> {
  return download<Statement>({ method: 'GET', path: '/admin/merchants/statement' }, { query });
}

import { useId } from 'react';
import { Box, Typography } from 'shared-ui/mui';
import { StatementTables } from 'shared-ui';
import { downloadMyStatement, downloadMyTaxDocument } from 'shared-api';
import { queries, useApiQuery } from 'shared-api/query';
import type { StatementFormat, StatementPeriod } from 'shared-api/contract';
import { statementFileName, taxDocumentFileName } from 'shared-api/contract/dashboard';
import { saveFile } from '../../../lib/browser';

/**
 * Monthly statements and annual tax summaries of the signed-in investor or owner (periods
 * in UTC), each as PDF or CSV: fetched with the session, then saved as a file.
 */
export function StatementsSection() {
  const headingId = useId();
  const periods = useApiQuery(queries.me.statementPeriods());
  const download = async (p: StatementPeriod, format: StatementFormat) =>
    saveFile(await downloadMyStatement(p.period, format), statementFileName(p.period, format));
  const downloadTax = async (p: StatementPeriod, format: StatementFormat) =>
    saveFile(await downloadMyTaxDocument(p.period, format), taxDocumentFileName(p.period, format));

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} component="h2" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
        Statements
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Monthly statements and annual tax summaries of your wallet: opening and closing balance, deposits, withdrawals, investments, income
        by property, fees and every transaction. Periods are in UTC. Each year also has a tax document: income by property (like a
        1099-DIV), every sale of units with its cost basis, gain or loss and holding period (like a 1099-B), and for owners a yearly
        summary. It is informational, not a tax form.
      </Typography>
      <StatementTables periods={periods} download={download} downloadTax={downloadTax} />
    </Box>
  );
}

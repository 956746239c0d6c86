// A person's monthly statements and annual tax summaries (periods in UTC), as PDF or CSV:
// the same documents the person downloads from their wallet.
import { Typography } from 'shared-ui/mui';
import { StatementTables, useAsync } from 'shared-ui';
import { downloadUserStatement, downloadUserTaxDocument, getUserStatementPeriods } from 'shared-api/admin';
import type { StatementFormat, StatementPeriod } from 'shared-api/contract';
import { statementFileName, taxDocumentFileName } from 'shared-api/contract/dashboard';
import { Section } from '../../components/section';
import { saveFile } from '../../lib/download';

export function StatementsPanel({ userId, name }: { userId: string; name: string }) {
  const periods = useAsync(() => getUserStatementPeriods(userId), [userId]);
  const download = async (p: StatementPeriod, format: StatementFormat) =>
    saveFile(await downloadUserStatement(userId, p.period, format), statementFileName(p.period, format));
  const downloadTax = async (p: StatementPeriod, format: StatementFormat) =>
    saveFile(await downloadUserTaxDocument(userId, p.period, format), taxDocumentFileName(p.period, format));

  return (
    <Section title="Statements">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Monthly statements, annual tax summaries and year-end tax documents of this wallet, as {name} downloads them. Periods are in UTC.
      </Typography>
      <StatementTables
        periods={periods}
        download={download}
        downloadTax={downloadTax}
        whose={` of ${name}`}
        tableSuffix=" of this person"
      />
    </Section>
  );
}

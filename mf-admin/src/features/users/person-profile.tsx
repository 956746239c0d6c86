// Who the person is: profile fields, identity and business documents, questionnaire.
import { Box, Typography } from 'shared-ui/mui';
import { formatDate, formatNumber } from 'shared-ui';
import type { UserDetail } from 'shared-api/contract';
import { ENTITY_TYPE_LABELS, INVESTOR_TYPE_LABELS } from 'shared-api/labels';
import { DocumentLinks } from '../../components/files';
import { Facts, Section } from '../../components/section';
import { yesNo } from '../../lib/format';

const pounds = (n: number) => `£${formatNumber(n, 0)}`;

export function ProfileDetails({ person }: { person: UserDetail }) {
  return (
    <Section title="Details">
      <Facts
        items={[
          { label: 'E-mail', value: `${person.email}${person.emailVerified ? ' (confirmed)' : ' (not confirmed)'}` },
          { label: 'Phone', value: person.phone ?? '—' },
          { label: 'Nationality', value: person.country ?? '—' },
          {
            label: 'User type',
            value: person.userType ? ENTITY_TYPE_LABELS[person.userType] : '—',
          },
          ...(person.userType === 'BUSINESS_ENTITY' ? [{ label: 'Business name', value: person.businessName ?? '—' }] : []),
          ...(person.role === 'INVESTOR'
            ? [
                { label: 'Subscribed', value: yesNo(person.isSubscribed) },
                { label: 'Claimable tokens', value: formatNumber(person.claimableTokens) },
              ]
            : []),
          { label: 'Onboarding', value: person.onboardingCompleted ? 'Completed' : 'Not completed' },
          { label: 'Joined', value: formatDate(person.createdAt) },
        ]}
      />
    </Section>
  );
}

export function KycDocuments({ person }: { person: UserDetail }) {
  const showBusiness = person.role === 'PROPERTY_OWNER' || person.userType === 'BUSINESS_ENTITY' || person.businessDocuments.length > 0;
  return (
    <Section title="KYC documents">
      <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
        Identity documents
      </Typography>
      <DocumentLinks documents={person.kycDocuments} empty="No identity document uploaded yet." />
      {showBusiness && (
        <Box sx={{ mt: 2.5 }}>
          <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
            Business documents
          </Typography>
          <DocumentLinks documents={person.businessDocuments} empty="No business document uploaded yet." />
        </Box>
      )}
    </Section>
  );
}

export function QuestionnaireAnswersView({ person }: { person: UserDetail }) {
  const q = person.questionnaire;
  return (
    <Section title="Questionnaire">
      {!q ? (
        <Typography color="text.secondary">Not answered yet.</Typography>
      ) : (
        <Facts
          items={[
            { label: 'Investor type', value: INVESTOR_TYPE_LABELS[q.investorType] ?? q.investorType },
            { label: 'High net worth investor', value: yesNo(q.highNetWorthInvestor) },
            { label: 'Annual income of £100,000 or more', value: yesNo(q.annualIncome100OrMore) },
            { label: 'Annual income', value: q.annualIncomeValue === null ? '—' : pounds(q.annualIncomeValue) },
            { label: 'Net assets of £250,000 or more', value: yesNo(q.netAssets) },
            { label: 'Answered', value: formatDate(q.submittedAt, 'datetime') },
          ]}
        />
      )}
    </Section>
  );
}

import { screen, within } from '@testing-library/react';
import { KYC_CHECKLIST, KYC_CHECKLIST_LABELS, KYC_MESSAGES, KYC_REJECTION_REASON_TEXT } from 'shared-api/contract/admin';
import { renderPage } from 'shared-ui/testing';
import { CHECKLIST_INCOMPLETE, CHOOSE_DECISION, DecisionForm } from './decision-form';

jest.setTimeout(20_000);

function setup(kind: 'KYC' | 'KYB' = 'KYC', onDecide = jest.fn().mockResolvedValue(undefined)) {
  const r = renderPage(<DecisionForm kind={kind} personName="Ivy Investor" onDecide={onDecide} />);
  return { ...r, onDecide };
}

test('the checklist follows the kind: owners get the company checks', () => {
  setup('KYB');
  const list = screen.getByRole('group', { name: 'Checklist' });
  expect(within(list).getAllByRole('checkbox')).toHaveLength(KYC_CHECKLIST.KYB.length);
  expect(within(list).getByRole('checkbox', { name: KYC_CHECKLIST_LABELS.OWNERSHIP_DOCUMENTS })).toBeInTheDocument();
});

test('nothing is sent without a decision, and approving needs every check ticked', async () => {
  const { user, onDecide } = setup();
  await user.click(screen.getByRole('button', { name: 'Record decision' }));
  expect(screen.getByRole('alert')).toHaveTextContent(CHOOSE_DECISION);
  await user.click(screen.getByRole('radio', { name: 'Approve' }));
  await user.click(screen.getByRole('button', { name: 'Record decision' }));
  expect(screen.getByRole('alert')).toHaveTextContent(CHECKLIST_INCOMPLETE);
  expect(onDecide).not.toHaveBeenCalled();
});

test('approve: tick the checklist with the keyboard, confirm, and the decision is sent', async () => {
  const { user, onDecide } = setup();
  // The first by pointer, the others from the keyboard (Tab, Space).
  const [first, ...rest] = KYC_CHECKLIST.KYC;
  await user.click(screen.getByRole('checkbox', { name: KYC_CHECKLIST_LABELS[first] }));
  for (const item of rest) {
    await user.tab();
    expect(screen.getByRole('checkbox', { name: KYC_CHECKLIST_LABELS[item] })).toHaveFocus();
    await user.keyboard(' ');
  }
  await user.click(screen.getByRole('radio', { name: 'Approve' }));
  await user.click(screen.getByRole('button', { name: 'Record decision' }));
  const dialog = await screen.findByRole('dialog', { name: 'Verify Ivy Investor?' });
  await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
  expect(onDecide).toHaveBeenCalledWith({
    decision: 'APPROVE',
    checklist: { IDENTITY_LEGIBLE: true, NAME_MATCHES: true, ADDRESS_PROOF: true, SANCTIONS_PEP_SCREENED: true },
  });
});

test('reject: a reason code is required, the person’s wording is previewed, the note is sent', async () => {
  const { user, onDecide } = setup();
  await user.click(screen.getByRole('radio', { name: 'Reject' }));
  await user.click(screen.getByRole('button', { name: 'Record decision' }));
  expect(screen.getByRole('alert')).toHaveTextContent(KYC_MESSAGES.rejectNeedsReason);
  await user.click(screen.getByRole('combobox', { name: /Reason/ }));
  await user.click(await screen.findByRole('option', { name: 'Expired document' }));
  expect(screen.getByText(new RegExp(KYC_REJECTION_REASON_TEXT.EXPIRED_DOCUMENT.slice(0, 30)))).toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: /Note to the person/ }), '  It expired in 2020. ');
  await user.click(screen.getByRole('button', { name: 'Record decision' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reject Ivy Investor?' });
  await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
  expect(onDecide).toHaveBeenCalledWith({
    decision: 'REJECT',
    reasonCode: 'EXPIRED_DOCUMENT',
    note: 'It expired in 2020.',
    checklist: { IDENTITY_LEGIBLE: false, NAME_MATCHES: false, ADDRESS_PROOF: false, SANCTIONS_PEP_SCREENED: false },
  });
});

test('a refused decision shows the server’s message', async () => {
  const { user } = setup('KYC', jest.fn().mockRejectedValue(new Error(KYC_MESSAGES.caseAlreadyDecided)));
  await user.click(screen.getByRole('radio', { name: 'Reject' }));
  await user.click(screen.getByRole('combobox', { name: /Reason/ }));
  await user.click(await screen.findByRole('option', { name: 'Other' }));
  await user.click(screen.getByRole('button', { name: 'Record decision' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(KYC_MESSAGES.caseAlreadyDecided);
});

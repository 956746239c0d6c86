import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { ApiError, getTwoFactor, stepUp } from 'shared-api';
import { TWO_FACTOR_MESSAGES } from 'shared-api/contract';
import { listPasskeys, stepUpWithPasskey } from 'shared-api/passkeys';
import { renderUi } from '../testing/render';
import { useStepUp } from './step-up';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getTwoFactor: jest.fn(),
  stepUp: jest.fn(),
}));

jest.mock('shared-api/passkeys', () => ({
  ...jest.requireActual('shared-api/passkeys'),
  listPasskeys: jest.fn(),
  stepUpWithPasskey: jest.fn(),
}));

const stepUpRequired = () => new ApiError(403, { statusCode: 403, error: 'Forbidden', message: TWO_FACTOR_MESSAGES.stepUpRequired });

function Action({ action }: { action: () => Promise<string> }) {
  const { guard, dialog } = useStepUp();
  const [result, setResult] = useState('');
  return (
    <>
      <button onClick={() => void guard(action).then(setResult, (e: Error) => setResult(`failed: ${e.message}`))}>Go</button>
      <output>{result}</output>
      {dialog}
    </>
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(listPasskeys).mockResolvedValue([]);
});
const KEY = { id: 'p1', name: 'Laptop', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null };

test('a step-up 403 asks for the code, confirms it, and runs the action again', async () => {
  jest.mocked(getTwoFactor).mockResolvedValue({ enabled: true, recoveryCodesLeft: 10, enabledAt: null });
  jest.mocked(stepUp).mockResolvedValue({ message: TWO_FACTOR_MESSAGES.confirmed });
  const action = jest.fn<Promise<string>, []>().mockRejectedValueOnce(stepUpRequired()).mockResolvedValueOnce('done');
  const { user } = renderUi(<Action action={action} />);
  await user.click(screen.getByRole('button', { name: 'Go' }));
  const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
  const field = await screen.findByRole('textbox', { name: /Authentication code/ });
  await waitFor(() => expect(field).toBeEnabled());
  await user.type(field, '123456');
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('done'));
  expect(stepUp).toHaveBeenCalledWith({ code: '123456' });
  expect(action).toHaveBeenCalledTimes(2);
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
});

test('without a factor it asks for the password; cancelling gives the first answer back', async () => {
  jest.mocked(getTwoFactor).mockResolvedValue({ enabled: false, recoveryCodesLeft: 0, enabledAt: null });
  const action = jest.fn<Promise<string>, []>().mockRejectedValue(stepUpRequired());
  const { user } = renderUi(<Action action={action} />);
  await user.click(screen.getByRole('button', { name: 'Go' }));
  await screen.findByRole('dialog', { name: "Confirm it's you" });
  await screen.findByText('For your safety, enter your password to go on.');
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(`failed: ${TWO_FACTOR_MESSAGES.stepUpRequired}`));
  expect(stepUp).not.toHaveBeenCalled();
  expect(action).toHaveBeenCalledTimes(1);
});

test('other errors pass through without a dialog', async () => {
  const action = jest.fn<Promise<string>, []>().mockRejectedValue(new ApiError(409, { statusCode: 409, error: 'Conflict', message: 'No' }));
  const { user } = renderUi(<Action action={action} />);
  await user.click(screen.getByRole('button', { name: 'Go' }));
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('failed: No'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('with passkeys only it confirms with a passkey, no field to fill', async () => {
  jest.mocked(getTwoFactor).mockResolvedValue({ enabled: false, recoveryCodesLeft: 0, enabledAt: null });
  jest.mocked(listPasskeys).mockResolvedValue([KEY]);
  jest.mocked(stepUpWithPasskey).mockResolvedValue({ message: TWO_FACTOR_MESSAGES.confirmed });
  const action = jest.fn<Promise<string>, []>().mockRejectedValueOnce(stepUpRequired()).mockResolvedValueOnce('done');
  const { user } = renderUi(<Action action={action} />);
  await user.click(screen.getByRole('button', { name: 'Go' }));
  await screen.findByText('For your safety, confirm with your passkey to go on.');
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('done'));
  expect(stepUpWithPasskey).toHaveBeenCalledTimes(1);
  expect(stepUp).not.toHaveBeenCalled();
});

test('with an app and a passkey it offers both', async () => {
  jest.mocked(getTwoFactor).mockResolvedValue({ enabled: true, recoveryCodesLeft: 10, enabledAt: null });
  jest.mocked(listPasskeys).mockResolvedValue([KEY]);
  const action = jest.fn<Promise<string>, []>().mockRejectedValue(stepUpRequired());
  const { user } = renderUi(<Action action={action} />);
  await user.click(screen.getByRole('button', { name: 'Go' }));
  await screen.findByRole('textbox', { name: /Authentication code/ });
  expect(await screen.findByRole('button', { name: 'Use a passkey' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
});

import { act, screen } from '@testing-library/react';
import { ApiError, sendSupport } from 'shared-api';
import { renderPage } from 'shared-ui/testing';
import ContactForm, { CONTACT_SENT } from './contact-form';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  sendSupport: jest.fn(),
}));
const sendSupportMock = jest.mocked(sendSupport);

beforeEach(() => {
  sendSupportMock.mockReset();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

function setup() {
  const r = renderPage(<ContactForm />, { userOptions: { advanceTimers: jest.advanceTimersByTime } });
  const f = {
    name: screen.getByLabelText(/^Name/),
    phone: screen.getByLabelText(/^Phone number/),
    email: screen.getByLabelText(/^Email/),
    subject: screen.getByLabelText(/^Subject/),
    message: screen.getByLabelText(/^Message/),
  };
  return { ...r, f };
}

async function fill(user: ReturnType<typeof setup>['user'], f: ReturnType<typeof setup>['f']) {
  await user.type(f.name, 'Grace Hopper');
  await user.type(f.phone, '+1 555 0100');
  await user.type(f.email, 'grace@example.com');
  await user.type(f.subject, 'Listing question');
  await user.type(f.message, 'Hello, I would like to know more.');
}

test('name, phone, e-mail and subject take at most 25 characters; the message is 5 rows', () => {
  const { f } = setup();
  for (const input of [f.name, f.phone, f.email, f.subject]) expect(input).toHaveAttribute('maxLength', '25');
  expect(f.message.tagName).toBe('TEXTAREA');
  expect(f.message).toHaveAttribute('rows', '5');
});

test.each(['name', 'phone', 'email', 'subject', 'message'] as const)(
  'a missing %s: "Please fill the required fields", nothing sent',
  async (missing) => {
    const { user, f } = setup();
    await fill(user, f);
    await user.clear(f[missing]);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please fill the required fields')).toBeInTheDocument();
    expect(f[missing]).toHaveAttribute('aria-invalid', 'true');
    expect(sendSupportMock).not.toHaveBeenCalled();
  },
);

test('the phone field accepts only phone characters', async () => {
  const { user, f } = setup();
  await user.type(f.phone, '55a5-b01');
  expect(f.phone).toHaveValue('555-01');
});

test('sends the message, keeps the 3-second loading state, then says so and clears the form', async () => {
  sendSupportMock.mockResolvedValue({} as never);
  const { user, f } = setup();
  await fill(user, f);
  await user.click(screen.getByRole('button', { name: 'Send message' }));
  expect(sendSupportMock).toHaveBeenCalledWith({
    name: 'Grace Hopper',
    phoneNumber: '+1 555 0100',
    email: 'grace@example.com',
    subject: 'Listing question',
    message: 'Hello, I would like to know more.',
  });
  const busy = screen.getByRole('button', { name: 'Loading...' });
  expect(busy).toBeDisabled();
  await act(async () => {
    jest.advanceTimersByTime(2900);
  });
  expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  await act(async () => {
    jest.advanceTimersByTime(200);
  });
  expect(await screen.findByText(CONTACT_SENT)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  expect(f.name).toHaveValue('');
});

test('a refusal shows the server message and keeps what was typed', async () => {
  sendSupportMock.mockRejectedValue(new ApiError(400, { message: 'Please enter a valid phone number' }));
  const { user, f } = setup();
  await fill(user, f);
  await user.click(screen.getByRole('button', { name: 'Send message' }));
  await act(async () => {
    jest.advanceTimersByTime(3000);
  });
  expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
  expect(f.name).toHaveValue('Grace Hopper');
});

test('a malformed e-mail is refused with the spec message before sending', async () => {
  const { user, f } = setup();
  await fill(user, f);
  await user.clear(f.email);
  await user.type(f.email, 'grace@example');
  await user.click(screen.getByRole('button', { name: 'Send message' }));
  expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  expect(sendSupportMock).not.toHaveBeenCalled();
});

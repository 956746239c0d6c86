import { screen, waitFor } from '@testing-library/react';
import { ApiError, signupInvestor, signupOwner, useSessionStore } from 'shared-api';
import { renderPage } from 'shared-ui/testing';
import { SignupPage } from './signup-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  signupInvestor: jest.fn(),
  signupOwner: jest.fn(),
}));

const investorSignup = jest.mocked(signupInvestor);
const ownerSignup = jest.mocked(signupOwner);

beforeEach(() => {
  investorSignup.mockReset();
  ownerSignup.mockReset();
  useSessionStore.getState().clearSession();
});

function setup() {
  const r = renderPage(<SignupPage />, { url: '/signup' });
  const fields = {
    first: screen.getByLabelText(/^First name/),
    last: screen.getByLabelText(/^Last name/),
    email: screen.getByLabelText(/^Email/),
    password: screen.getByLabelText(/^Password/),
    confirm: screen.getByLabelText(/^Confirm password/),
    useAs: screen.getByLabelText(/^Use as/),
    agreement: screen.getByRole('checkbox', { name: 'I agree to the processing of personal data.' }),
    submit: screen.getByRole('button', { name: 'Sign Up' }),
  };
  return { ...r, fields };
}

async function fillValid(user: ReturnType<typeof setup>['user'], f: ReturnType<typeof setup>['fields'], useAs = 'INVESTOR') {
  await user.type(f.first, 'Ada');
  await user.type(f.last, 'Lovelace');
  await user.type(f.email, 'ada@example.com');
  await user.type(f.password, 'Secret123');
  await user.type(f.confirm, 'Secret123');
  await user.selectOptions(f.useAs, useAs);
  await user.click(f.agreement);
}

test('Sign Up is disabled until the agreement is ticked', async () => {
  const { user, fields } = setup();
  expect(fields.submit).toBeDisabled();
  await user.click(fields.agreement);
  expect(fields.submit).toBeEnabled();
  await user.click(fields.agreement);
  expect(fields.submit).toBeDisabled();
});

test('the use-as select offers an investor or a property owner (value OWNER)', () => {
  setup();
  expect(screen.getByRole('option', { name: 'As a property owner' })).toHaveValue('OWNER');
  expect(screen.getByRole('option', { name: 'As an investor' })).toHaveValue('INVESTOR');
});

test.each(['first', 'last', 'email', 'password', 'confirm', 'useAs'] as const)(
  'a missing %s: "Please fill in all fields"',
  async (missing) => {
    const { user, fields } = setup();
    await fillValid(user, fields);
    if (missing === 'useAs') await user.selectOptions(fields.useAs, '');
    else await user.clear(fields[missing]);
    await user.click(fields.submit);
    expect(await screen.findByText('Please fill in all fields')).toBeInTheDocument();
    expect(investorSignup).not.toHaveBeenCalled();
  },
);

test('e-mail messages: empty, then malformed', async () => {
  const { user, fields } = setup();
  await user.click(fields.email);
  await user.tab();
  expect(screen.getByText('Email cannot be empty')).toBeInTheDocument();
  await user.type(fields.email, 'ada@example');
  expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  await user.type(fields.email, '.com');
  expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
});

test('every failed password rule is listed beneath the field in red', async () => {
  const { user, fields } = setup();
  await user.type(fields.password, 'a');
  await user.tab();
  const list = screen.getByTestId('password-errors');
  expect(list).toHaveTextContent('Password must be at least 8 characters long');
  expect(list).toHaveTextContent('Password must contain at least one number.');
  expect(list).toHaveTextContent('Password must contain at least one uppercase letter.');
  expect(list).not.toHaveTextContent('lowercase');
  expect(fields.password).toHaveAttribute('aria-describedby', list.id);
  await user.clear(fields.password);
  await user.type(fields.password, 'ABCDEFGH');
  expect(list).toHaveTextContent('Password must contain at least one lowercase letter.');
  await user.clear(fields.password);
  await user.type(fields.password, 'Abcdefg1');
  expect(screen.queryByTestId('password-errors')).not.toBeInTheDocument();
});

test('confirm password must equal the password', async () => {
  const { user, fields } = setup();
  await fillValid(user, fields);
  await user.clear(fields.confirm);
  await user.type(fields.confirm, 'Secret124');
  await user.click(fields.submit);
  expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  expect(investorSignup).not.toHaveBeenCalled();
});

test('an investor signs up through the investor call, sees "Signed up successfully" and goes to /verify', async () => {
  investorSignup.mockResolvedValue({ message: 'Signed up successfully', user: {} as never });
  const { user, fields, location } = setup();
  await fillValid(user, fields);
  await user.click(fields.submit);
  await waitFor(() => expect(location()).toBe('/verify?email=ada%40example.com&sent=1'));
  expect(investorSignup).toHaveBeenCalledWith({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'Secret123' });
  expect(ownerSignup).not.toHaveBeenCalled();
  expect(await screen.findByText('Signed up successfully')).toBeInTheDocument();
});

test('"As a property owner" uses the property-owner call', async () => {
  ownerSignup.mockResolvedValue({ message: 'Signed up successfully', user: {} as never });
  const { user, fields, location } = setup();
  await fillValid(user, fields, 'OWNER');
  await user.click(fields.submit);
  await waitFor(() => expect(location()).toMatch(/^\/verify/));
  expect(ownerSignup).toHaveBeenCalledTimes(1);
  expect(investorSignup).not.toHaveBeenCalled();
});

test("a refusal shows the server's first message", async () => {
  investorSignup.mockRejectedValue(
    new ApiError(409, { statusCode: 409, error: 'Conflict', message: ['An account with this email already exists', 'second'] }),
  );
  const { user, fields, location } = setup();
  await fillValid(user, fields);
  await user.click(fields.submit);
  expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
  expect(location()).toBe('/signup');
  expect(fields.submit).toBeEnabled();
});

test('a failure without a server message: "Something went wrong"', async () => {
  investorSignup.mockRejectedValue(new TypeError('Failed to fetch'));
  const { user, fields } = setup();
  await fillValid(user, fields);
  await user.click(fields.submit);
  expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
});

test('?as=OWNER preselects "As a property owner"', () => {
  renderPage(<SignupPage />, { url: '/signup?as=OWNER' });
  expect(screen.getByLabelText(/^Use as/)).toHaveValue('OWNER');
});

import { act, screen, waitFor, within } from '@testing-library/react';
import * as api from 'shared-api';
import { ApiError, useSessionStore } from 'shared-api';
import { MESSAGES, type User } from 'shared-api/contract';
import { resetToasts } from 'shared-ui';
import { fakeFile, renderPage } from 'shared-ui/testing';
import { makeNewUser } from 'shared-api/testing';
import { loadCountries } from '../../lib/countries';
import { loadPhoneLib } from '../../lib/phone';
import { OnboardingPage } from './onboarding-page';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  getMe: jest.fn(),
  updateMe: jest.fn(),
  uploadKyc: jest.fn(),
  uploadBusinessKyc: jest.fn(),
  completeOnboarding: jest.fn(),
}));

const mocked = {
  getMe: jest.mocked(api.getMe),
  updateMe: jest.mocked(api.updateMe),
  uploadKyc: jest.mocked(api.uploadKyc),
  uploadBusinessKyc: jest.mocked(api.uploadBusinessKyc),
  completeOnboarding: jest.mocked(api.completeOnboarding),
};

jest.setTimeout(30_000);

async function start(user: User) {
  useSessionStore.getState().setSession(user, 'token');
  mocked.getMe.mockResolvedValue(user);
  mocked.updateMe.mockImplementation(async (body) => ({ ...useSessionStore.getState().user!, ...body }) as User);
  mocked.uploadKyc.mockImplementation(async (_file, opts) => {
    opts?.onProgress?.(0.5);
    opts?.onProgress?.(1);
    return useSessionStore.getState().user!;
  });
  mocked.uploadBusinessKyc.mockImplementation(async () => useSessionStore.getState().user!);
  mocked.completeOnboarding.mockImplementation(async () => ({
    ...useSessionStore.getState().user!,
    status: 'PENDING',
    onboardingCompleted: true,
  }));
  const ui = renderPage(<OnboardingPage />, { url: '/onboarding' });
  // Let the lazy data and the refreshed user land inside act.
  await act(async () => {});
  return ui;
}

beforeEach(() => {
  jest.clearAllMocks();
  resetToasts();
  sessionStorage.clear();
  useSessionStore.getState().clearSession();
});

// The lazy data is fetched once up front, so it lands inside the render's act.
beforeAll(async () => {
  await Promise.all([loadCountries(), loadPhoneLib()]);
});

/** The message is shown next to its field and as a toast. */
async function expectShown(message: string) {
  await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(2));
}

type Ui = Awaited<ReturnType<typeof start>>;
const submit = (ui: Ui) => ui.user.click(screen.getByRole('button', { name: 'Submit' }));

async function chooseNationality(ui: Ui, name: string) {
  const input = screen.getByRole('combobox', { name: /Nationality/ });
  await ui.user.click(input);
  await ui.user.type(input, name);
  const option = await screen.findByRole('option', { name: new RegExp(`^${name}`) });
  await ui.user.click(option);
}

test('Submit stays disabled until the privacy consent is ticked', async () => {
  const ui = await start(makeNewUser());
  const button = screen.getByRole('button', { name: 'Submit' });
  expect(button).toBeDisabled();
  expect(screen.getByText('Tick the consent box to submit.')).toBeInTheDocument();
  await ui.user.click(screen.getByRole('checkbox', { name: /I consent/ }));
  expect(button).toBeEnabled();
  expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
});

test('an owner meets every rule in the spec order, then the calls go out in order and the owner lands on /dashboard', async () => {
  const ui = await start(makeNewUser({ role: 'PROPERTY_OWNER', status: 'PENDING' }));
  await ui.user.click(screen.getByRole('checkbox', { name: /I consent/ }));

  await submit(ui);
  await expectShown(MESSAGES.selectUserType);
  expect(screen.getByRole('radio', { name: 'Individual' })).toHaveFocus();
  expect(screen.getByRole('radiogroup')).toHaveAccessibleDescription(MESSAGES.selectUserType);

  await ui.user.click(screen.getByRole('radio', { name: 'Business entity' }));
  await submit(ui);
  await expectShown(MESSAGES.selectNationality);
  expect(screen.getByRole('combobox', { name: /Nationality/ })).toHaveFocus();

  await chooseNationality(ui, 'United Kingdom');
  await submit(ui);
  await expectShown(MESSAGES.invalidPhone);
  const phone = screen.getByRole('textbox', { name: /Phone number/ });
  expect(phone).toHaveFocus();
  expect(phone).toHaveAccessibleDescription(MESSAGES.invalidPhone);

  // Permitted characters only, and a real check against the country.
  await ui.user.type(phone, 'abc');
  expect(phone).toHaveValue('');
  await ui.user.type(phone, '123');
  await submit(ui);
  await expectShown(MESSAGES.invalidPhone);
  await ui.user.clear(phone);
  await ui.user.type(phone, '07911 123456');

  await submit(ui);
  await expectShown(MESSAGES.businessName);
  expect(screen.queryByText(MESSAGES.completeSubscription)).not.toBeInTheDocument();
  const businessName = screen.getByRole('textbox', { name: /Business name/ });
  expect(businessName).toHaveFocus();

  await ui.user.type(businessName, 'Acme Estates Ltd');
  await submit(ui);
  await expectShown(MESSAGES.businessDocuments);

  const pdf = fakeFile('certificate-of-incorporation-2024.pdf', 'application/pdf');
  await ui.user.upload(screen.getByLabelText(/Business documents \(/), pdf);
  // Names are shown cut to 20 characters and an ellipsis.
  expect(screen.getByText('certificate-of-incor...')).toBeInTheDocument();
  await submit(ui);
  await expectShown(MESSAGES.identityCard);
  expect(screen.getByRole('group', { name: 'Identity document' })).toHaveAccessibleDescription(MESSAGES.identityCard);

  const png = fakeFile('passport.png', 'image/png');
  await ui.user.upload(screen.getByLabelText(/Identity document \(/), png);
  await submit(ui);

  await waitFor(() => expect(ui.location()).toBe('/dashboard'));
  expect(mocked.updateMe).toHaveBeenCalledWith({
    country: 'United Kingdom',
    phone: '+44 7911 123456',
    userType: 'BUSINESS_ENTITY',
    businessName: 'Acme Estates Ltd',
  });
  expect(mocked.uploadKyc).toHaveBeenCalledWith(png, expect.objectContaining({ onProgress: expect.any(Function) }));
  expect(mocked.uploadBusinessKyc).toHaveBeenCalledWith(pdf, expect.objectContaining({ onProgress: expect.any(Function) }));
  expect(mocked.completeOnboarding).toHaveBeenCalledWith({ status: 'PENDING' });
  const order = (fn: jest.Mock) => fn.mock.invocationCallOrder[0];
  expect(order(mocked.updateMe)).toBeLessThan(order(mocked.uploadKyc));
  expect(order(mocked.uploadKyc)).toBeLessThan(order(mocked.uploadBusinessKyc));
  expect(order(mocked.uploadBusinessKyc)).toBeLessThan(order(mocked.completeOnboarding));
  expect(await screen.findByText(MESSAGES.documentSubmitted)).toBeInTheDocument();
  // The stored user is the server's answer.
  expect(useSessionStore.getState().user).toMatchObject({ status: 'PENDING', onboardingCompleted: true, country: 'United Kingdom' });
});

test('an investor who is not subscribed is stopped after the phone check, with a way to subscribe', async () => {
  const ui = await start(makeNewUser({ role: 'INVESTOR', isSubscribed: false }));
  await ui.user.click(screen.getByRole('checkbox', { name: /I consent/ }));
  await ui.user.click(screen.getByRole('radio', { name: 'Business entity' }));
  await chooseNationality(ui, 'United States');
  await ui.user.type(screen.getByRole('textbox', { name: /Phone number/ }), '202 555 0143');
  await submit(ui);
  // Before the business name: subscription comes first in the spec's order.
  await expectShown(MESSAGES.completeSubscription);
  expect(screen.queryByText(MESSAGES.businessName)).not.toBeInTheDocument();
  const link = screen.getByRole('link', { name: 'Subscribe' });
  expect(link).toHaveAttribute('href', '/#subscribe');
  expect(mocked.updateMe).not.toHaveBeenCalled();
});

test('a subscribed investor, as an individual, sends no business document and goes on to the questionnaire', async () => {
  const ui = await start(makeNewUser({ role: 'INVESTOR', isSubscribed: true, status: 'PENDING' }));
  await ui.user.click(screen.getByRole('checkbox', { name: /I consent/ }));
  await ui.user.click(screen.getByRole('radio', { name: 'Individual' }));
  expect(screen.queryByRole('textbox', { name: /Business name/ })).not.toBeInTheDocument();
  await chooseNationality(ui, 'France');
  await ui.user.type(screen.getByRole('textbox', { name: /Phone number/ }), '06 12 34 56 78');
  await submit(ui);
  await expectShown(MESSAGES.identityCard);
  await ui.user.upload(screen.getByLabelText(/Identity document \(/), fakeFile('id.jpg', 'image/jpeg'));
  await submit(ui);
  await waitFor(() => expect(ui.location()).toBe('/onboarding/questionnaire'));
  expect(mocked.updateMe).toHaveBeenCalledWith({
    country: 'France',
    phone: '+33 6 12 34 56 78',
    userType: 'INDIVIDUAL',
    businessName: null,
  });
  expect(mocked.uploadBusinessKyc).not.toHaveBeenCalled();
  expect(mocked.completeOnboarding).toHaveBeenCalledWith({ status: 'PENDING' });
});

test('a verified user is not sent back to PENDING by the client', async () => {
  const ui = await start(
    makeNewUser({ role: 'PROPERTY_OWNER', status: 'VERIFIED', userType: 'INDIVIDUAL', country: 'United States', phone: '+1 202 555 0143' }),
  );
  // Details already on file are filled in.
  await waitFor(() => expect(screen.getByRole('combobox', { name: /Nationality/ })).toHaveValue('United States'));
  expect(screen.getByRole('radio', { name: 'Individual' })).toBeChecked();
  await ui.user.click(screen.getByRole('checkbox', { name: /I consent/ }));
  await ui.user.upload(screen.getByLabelText(/Identity document \(/), fakeFile('id.png', 'image/png'));
  await submit(ui);
  await waitFor(() => expect(ui.location()).toBe('/dashboard'));
  expect(mocked.completeOnboarding).toHaveBeenCalledWith({});
});

test('file rules: the identity document takes images only, business documents PDF or images, 5 MB at most', async () => {
  const ui = await start(makeNewUser({ role: 'PROPERTY_OWNER' }));
  await ui.user.click(screen.getByRole('radio', { name: 'Business entity' }));
  await ui.user.upload(screen.getByLabelText(/Identity document \(/), fakeFile('scan.pdf', 'application/pdf'));
  await expectShown(MESSAGES.onlyImages);
  await ui.user.upload(screen.getByLabelText(/Business documents \(/), fakeFile('notes.txt', 'text/plain'));
  await expectShown(MESSAGES.pdfOrImages);
  await ui.user.upload(screen.getByLabelText(/Business documents \(/), fakeFile('huge.pdf', 'application/pdf', 6 * 1024 * 1024));
  await expectShown(MESSAGES.fileTooLarge(5));
  await ui.user.upload(screen.getByLabelText(/Identity document \(/), fakeFile('passport.webp', 'image/webp'));
  expect(screen.getByRole('list', { name: /Identity document.*chosen files/ })).toHaveTextContent('passport.webp');
});

async function fillIndividualOwner(ui: Ui) {
  await ui.user.click(screen.getByRole('checkbox', { name: /I consent/ }));
  await ui.user.click(screen.getByRole('radio', { name: 'Individual' }));
  await chooseNationality(ui, 'United States');
  await ui.user.type(screen.getByRole('textbox', { name: /Phone number/ }), '202 555 0143');
  await ui.user.upload(screen.getByLabelText(/Identity document \(/), fakeFile('id.png', 'image/png'));
}

test('a failed identity upload is reported with the spec words and retried without redoing the saved steps', async () => {
  const ui = await start(makeNewUser({ role: 'PROPERTY_OWNER' }));
  mocked.uploadKyc.mockRejectedValueOnce(
    new ApiError(415, { statusCode: 415, error: 'Unsupported Media Type', message: 'The file is not an image' }),
  );
  await fillIndividualOwner(ui);
  await submit(ui);
  const message = MESSAGES.identityUploadError('The file is not an image');
  await expectShown(message);
  expect(screen.getByRole('list', { name: 'Submission progress' })).toHaveTextContent(/Saving your details: done/);
  expect(mocked.completeOnboarding).not.toHaveBeenCalled();
  expect(ui.location()).toBe('/onboarding');

  await submit(ui);
  await waitFor(() => expect(ui.location()).toBe('/dashboard'));
  expect(mocked.updateMe).toHaveBeenCalledTimes(1);
  expect(mocked.uploadKyc).toHaveBeenCalledTimes(2);
  expect(mocked.completeOnboarding).toHaveBeenCalledTimes(1);
});

test('a failed business upload and a refused completion are shown as the server says', async () => {
  const ui = await start(makeNewUser({ role: 'PROPERTY_OWNER' }));
  mocked.uploadBusinessKyc.mockRejectedValueOnce(
    new ApiError(413, { statusCode: 413, error: 'Payload Too Large', message: 'File size exceeds the maximum allowed limit (5MB).' }),
  );
  mocked.completeOnboarding.mockRejectedValueOnce(
    new ApiError(400, { statusCode: 400, error: 'Bad Request', message: ['Please upload business documents'] }),
  );
  await ui.user.click(screen.getByRole('checkbox', { name: /I consent/ }));
  await ui.user.click(screen.getByRole('radio', { name: 'Business entity' }));
  await ui.user.type(screen.getByRole('textbox', { name: /Business name/ }), 'Acme');
  await chooseNationality(ui, 'United States');
  await ui.user.type(screen.getByRole('textbox', { name: /Phone number/ }), '202 555 0143');
  await ui.user.upload(screen.getByLabelText(/Business documents \(/), fakeFile('deed.pdf', 'application/pdf'));
  await ui.user.upload(screen.getByLabelText(/Identity document \(/), fakeFile('id.png', 'image/png'));

  await submit(ui);
  await expectShown(MESSAGES.businessUploadError('File size exceeds the maximum allowed limit (5MB).'));
  await submit(ui);
  await expectShown('Please upload business documents');
  expect(ui.location()).toBe('/onboarding');
  await submit(ui);
  await waitFor(() => expect(ui.location()).toBe('/dashboard'));
  expect(mocked.uploadKyc).toHaveBeenCalledTimes(1);
  expect(mocked.uploadBusinessKyc).toHaveBeenCalledTimes(2);
  expect(mocked.completeOnboarding).toHaveBeenCalledTimes(2);
});

test('typed answers survive leaving the page (e.g. to subscribe)', async () => {
  const user = makeNewUser({ role: 'INVESTOR' });
  const first = await start(user);
  await first.user.click(screen.getByRole('radio', { name: 'Business entity' }));
  await first.user.type(screen.getByRole('textbox', { name: /Business name/ }), 'Acme');
  first.unmount();
  await start(user);
  expect(screen.getByRole('radio', { name: 'Business entity' })).toBeChecked();
  expect(screen.getByRole('textbox', { name: /Business name/ })).toHaveValue('Acme');
});

test('the stored user is refreshed from the server on arrival', async () => {
  const stale = makeNewUser({ role: 'INVESTOR', isSubscribed: false });
  await start(stale);
  mocked.getMe.mockResolvedValueOnce({ ...stale, isSubscribed: true });
  await act(async () => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await waitFor(() => expect(useSessionStore.getState().user?.isSubscribed).toBe(true));
  expect(within(document.body).queryByText(MESSAGES.completeSubscription)).not.toBeInTheDocument();
});

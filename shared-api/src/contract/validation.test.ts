// Spec section 5: every rule with its exact message.
import {
  CONTACT_LIMITS,
  PHONE_ALLOWED,
  allowedMimeTypes,
  displayFileName,
  fileTypeMessage,
  isDigitsOnly,
  isNumeric,
  isValidIncomeInput,
  validateContact,
  validateEmail,
  validateFiles,
  validateOnboarding,
  validatePassword,
  validateSignup,
  type ContactForm,
  type FileLike,
  type OnboardingContext,
  type OnboardingForm,
  type SignupForm,
} from './validation';
import { MESSAGES } from './messages';

describe('exact message texts (spec 5 and 8)', () => {
  test.each([
    [MESSAGES.fillAllFields, 'Please fill in all fields'],
    [MESSAGES.emailEmpty, 'Email cannot be empty'],
    [MESSAGES.emailInvalid, 'Please enter a valid email address'],
    [MESSAGES.passwordLength, 'Password must be at least 8 characters long'],
    [MESSAGES.passwordLower, 'Password must contain at least one lowercase letter.'],
    [MESSAGES.passwordNumber, 'Password must contain at least one number.'],
    [MESSAGES.passwordUpper, 'Password must contain at least one uppercase letter.'],
    [MESSAGES.agreement, 'I agree to the processing of personal data.'],
    [MESSAGES.selectUserType, 'Please select user type'],
    [MESSAGES.selectNationality, 'Please select your nationality'],
    [MESSAGES.invalidPhone, 'Please enter a valid phone number'],
    [MESSAGES.completeSubscription, 'Please complete subcription to proceed'],
    [MESSAGES.businessName, 'Please enter your business name'],
    [MESSAGES.businessDocuments, 'Please upload business documents'],
    [MESSAGES.identityCard, 'Please upload a valid identity card'],
    [MESSAGES.contactRequired, 'Please fill the required fields'],
    [MESSAGES.onlyImages, 'Invalid file type. Only Images are allowed.'],
    [MESSAGES.onlyPdf, 'Invalid file type. Only PDF files are allowed.'],
    [MESSAGES.pdfOrImages, 'Invalid file type. Only JPEG, PNG, WEBP and PDF files are allowed.'],
    [MESSAGES.fileTooLarge(5), 'File size exceeds the maximum allowed limit (5MB).'],
    [MESSAGES.tooManyFiles(5), 'You can upload a maximum of 5.'],
    [MESSAGES.serverError, 'An error occured, please try again.'],
    [MESSAGES.signupFailed, 'Something went wrong'],
    [MESSAGES.signupOk, 'Signed up successfully'],
    [MESSAGES.documentSubmitted, 'Your document has been submitted and will be reviewed for verification'],
    [MESSAGES.questionnaireThanks, 'Thank you for your response.'],
    [MESSAGES.identityUploadError('boom'), 'Error uploading identity document: boom'],
    [MESSAGES.businessUploadError('boom'), 'Error uploading business document: boom'],
    [MESSAGES.userDeleted, 'User deleted'],
    [MESSAGES.userDeleteError, 'Error deleting user'],
    [MESSAGES.globalError, 'Something went wrong. Please try again later.'],
    [MESSAGES.subscriptionFailedTitle, 'Subscription Failed'],
    [MESSAGES.subscriptionFailedText, 'An error occured while processing your payment. Please try again.'],
    [MESSAGES.subscriptionSuccess('Tessera'), 'Congratulations, you have successfully subscribed to Tessera.'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('validateEmail', () => {
  test('empty or blank: "Email cannot be empty"', () => {
    expect(validateEmail('')).toBe('Email cannot be empty');
    expect(validateEmail('   ')).toBe('Email cannot be empty');
  });
  test.each(['plain', 'no-at.example.com', 'a@b', '@b.com', 'a@.com', 'a@b.', 'a b@c.com', 'a@@b.com'])(
    'invalid shape %p: "Please enter a valid email address"',
    (email) => {
      expect(validateEmail(email)).toBe('Please enter a valid email address');
    },
  );
  test.each(['a@b.c', 'ada.lovelace@example.co.uk', 'x+tag@mail.example.com', '  spaced@example.com  '])('valid %p', (email) => {
    expect(validateEmail(email)).toBeNull();
  });
});

describe('validatePassword (every failed rule, spec order)', () => {
  test('empty password fails all four', () => {
    expect(validatePassword('')).toEqual([
      'Password must be at least 8 characters long',
      'Password must contain at least one lowercase letter.',
      'Password must contain at least one number.',
      'Password must contain at least one uppercase letter.',
    ]);
  });
  test('length only', () => {
    expect(validatePassword('aB3')).toEqual(['Password must be at least 8 characters long']);
  });
  test('exactly 8 characters is long enough', () => {
    expect(validatePassword('abcdEF12')).toEqual([]);
  });
  test('lowercase missing', () => {
    expect(validatePassword('ABCDEFG1')).toEqual(['Password must contain at least one lowercase letter.']);
  });
  test('number missing', () => {
    expect(validatePassword('abcdEFGH')).toEqual(['Password must contain at least one number.']);
  });
  test('uppercase missing', () => {
    expect(validatePassword('abcdefg1')).toEqual(['Password must contain at least one uppercase letter.']);
  });
  test('several at once are all listed', () => {
    expect(validatePassword('abc')).toEqual([
      'Password must be at least 8 characters long',
      'Password must contain at least one number.',
      'Password must contain at least one uppercase letter.',
    ]);
  });
});

describe('digits-only and numeric checks', () => {
  test('isDigitsOnly', () => {
    expect(isDigitsOnly('0123')).toBe(true);
    expect(isDigitsOnly('')).toBe(false);
    expect(isDigitsOnly('12a')).toBe(false);
    expect(isDigitsOnly('-1')).toBe(false);
    expect(isDigitsOnly('1.5')).toBe(false);
  });
  test('isNumeric: optional sign then digits', () => {
    expect(isNumeric('42')).toBe(true);
    expect(isNumeric('-42')).toBe(true);
    expect(isNumeric('+42')).toBe(true);
    expect(isNumeric('4.2')).toBe(false);
    expect(isNumeric('-')).toBe(false);
    expect(isNumeric('')).toBe(false);
  });
  test('questionnaire income: digits only or empty', () => {
    expect(isValidIncomeInput('')).toBe(true);
    expect(isValidIncomeInput('120000')).toBe(true);
    expect(isValidIncomeInput('120,000')).toBe(false);
    expect(isValidIncomeInput('£1')).toBe(false);
  });
});

describe('validateSignup', () => {
  const valid: SignupForm = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    password: 'Secret123',
    confirm_password: 'Secret123',
    user_type: 'INVESTOR',
    agreement: true,
  };
  test('a complete form is ok', () => {
    expect(validateSignup(valid)).toMatchObject({ ok: true, password: [] });
  });
  test.each(['first_name', 'last_name', 'email', 'password', 'confirm_password', 'user_type'] as const)(
    'missing %s: "Please fill in all fields"',
    (field) => {
      expect(validateSignup({ ...valid, [field]: '' })).toEqual({ ok: false, form: 'Please fill in all fields', password: [] });
      expect(validateSignup({ ...valid, [field]: '   ' }).form).toBe('Please fill in all fields');
    },
  );
  test('email is checked', () => {
    const r = validateSignup({ ...valid, email: 'not-an-email' });
    expect(r.ok).toBe(false);
    expect(r.email).toBe('Please enter a valid email address');
  });
  test('every password violation is listed', () => {
    const r = validateSignup({ ...valid, password: 'short', confirm_password: 'short' });
    expect(r.ok).toBe(false);
    expect(r.password).toEqual([
      'Password must be at least 8 characters long',
      'Password must contain at least one number.',
      'Password must contain at least one uppercase letter.',
    ]);
  });
  test('not ok until the agreement is ticked', () => {
    const r = validateSignup({ ...valid, agreement: false });
    expect(r.ok).toBe(false);
    expect(r.form).toBeUndefined();
  });
  test('a confirmation that differs is flagged (contract addition; the spec sees no equality check)', () => {
    const r = validateSignup({ ...valid, confirm_password: 'Secret124' });
    expect(r.ok).toBe(false);
    expect(r.confirm_password).toBe(MESSAGES.passwordsDiffer);
  });
});

describe('validateOnboarding: the spec order, one step at a time', () => {
  const file = { name: 'id.png' };
  const complete: OnboardingForm = {
    user_type: 'BUSINESS_ENTITY',
    business_name: 'Acme Ltd',
    nationality: 'United Kingdom',
    phone_number: '+44 20 7946 0958',
    accept_condition: true,
    idFile: file,
    businessFile: file,
  };
  const investor: OnboardingContext = { role: 'INVESTOR', isSubscribed: true };
  const owner: OnboardingContext = { role: 'PROPERTY_OWNER', isSubscribed: false };
  // Everything wrong at once: each step must win over every later one.
  const empty: OnboardingForm = {
    user_type: '',
    business_name: '',
    nationality: '',
    phone_number: '',
    accept_condition: false,
    idFile: null,
    businessFile: null,
  };
  const unsubscribed: OnboardingContext = { role: 'INVESTOR', isSubscribed: false };

  test('a complete form passes (investor subscribed, owner, individual)', () => {
    expect(validateOnboarding(complete, investor)).toBeNull();
    expect(validateOnboarding(complete, owner)).toBeNull();
    expect(validateOnboarding({ ...complete, user_type: 'INDIVIDUAL', business_name: '', businessFile: null }, owner)).toBeNull();
  });
  test('1. "Please select user type" comes first', () => {
    expect(validateOnboarding(empty, unsubscribed)).toBe('Please select user type');
  });
  test('2. "Please select your nationality"', () => {
    expect(validateOnboarding({ ...empty, user_type: 'BUSINESS_ENTITY' }, unsubscribed)).toBe('Please select your nationality');
  });
  test('3. "Please enter a valid phone number" for a blank phone', () => {
    const f = { ...empty, user_type: 'BUSINESS_ENTITY' as const, nationality: 'Kenya' };
    expect(validateOnboarding(f, unsubscribed)).toBe('Please enter a valid phone number');
    expect(validateOnboarding({ ...f, phone_number: '   ' }, unsubscribed)).toBe('Please enter a valid phone number');
  });
  test('3b. an optional phone check runs only on a non-blank phone', () => {
    const isValidPhone = jest.fn(() => false);
    expect(validateOnboarding(complete, { ...investor, isValidPhone })).toBe('Please enter a valid phone number');
    expect(isValidPhone).toHaveBeenCalledWith('+44 20 7946 0958', 'United Kingdom');
  });
  test('4. "Please complete subcription to proceed" for an investor not subscribed', () => {
    const f = { ...empty, user_type: 'BUSINESS_ENTITY' as const, nationality: 'Kenya', phone_number: '0712345678' };
    expect(validateOnboarding(f, unsubscribed)).toBe('Please complete subcription to proceed');
    // Owners are never asked to subscribe.
    expect(validateOnboarding(f, owner)).toBe('Please enter your business name');
  });
  test('5. "Please enter your business name" for a business entity', () => {
    const f = { ...empty, user_type: 'BUSINESS_ENTITY' as const, nationality: 'Kenya', phone_number: '0712345678' };
    expect(validateOnboarding(f, investor)).toBe('Please enter your business name');
    expect(validateOnboarding({ ...f, business_name: '  ' }, investor)).toBe('Please enter your business name');
  });
  test('6. "Please upload business documents" for a business entity', () => {
    const f = { ...empty, user_type: 'BUSINESS_ENTITY' as const, nationality: 'Kenya', phone_number: '0712345678', business_name: 'Acme' };
    expect(validateOnboarding(f, investor)).toBe('Please upload business documents');
  });
  test('7. "Please upload a valid identity card" comes last', () => {
    const f = { ...complete, idFile: null };
    expect(validateOnboarding(f, investor)).toBe('Please upload a valid identity card');
    const individual = { ...empty, user_type: 'INDIVIDUAL' as const, nationality: 'Kenya', phone_number: '0712345678' };
    // An individual skips steps 5 and 6.
    expect(validateOnboarding(individual, investor)).toBe('Please upload a valid identity card');
  });
  test('phone field characters', () => {
    expect(PHONE_ALLOWED.test('+1 (555) 010-9999')).toBe(true);
    expect(PHONE_ALLOWED.test('555a')).toBe(false);
  });
});

describe('validateContact', () => {
  const full: ContactForm = { name: 'Ada', phoneNumber: '0712', email: 'a@b.co', subject: 'Hi', message: 'Hello' };
  test('all five filled: ok', () => {
    expect(validateContact(full)).toBeNull();
  });
  test.each(['name', 'phoneNumber', 'email', 'subject', 'message'] as const)('missing %s: "Please fill the required fields"', (field) => {
    expect(validateContact({ ...full, [field]: '' })).toBe('Please fill the required fields');
    expect(validateContact({ ...full, [field]: ' ' })).toBe('Please fill the required fields');
  });
  test('name, phone, email and subject are limited to 25 characters', () => {
    expect(CONTACT_LIMITS).toEqual({ name: 25, phoneNumber: 25, email: 25, subject: 25 });
  });
});

describe('validateFiles', () => {
  const png = (size = 1000, name = 'photo.png'): FileLike => ({ name, type: 'image/png', size });
  const pdf = (size = 1000): FileLike => ({ name: 'doc.pdf', type: 'application/pdf', size });
  const MB = 1024 * 1024;

  test('default kind is images', () => {
    expect(validateFiles([pdf()])).toBe('Invalid file type. Only Images are allowed.');
    expect(validateFiles([png()])).toBeNull();
  });
  test.each(['image/jpeg', 'image/png', 'image/webp', 'image/avif'])('images accepts %s', (type) => {
    expect(validateFiles([{ name: 'x', type, size: 1 }], 'images')).toBeNull();
  });
  test('images rejects PDFs, GIFs and unknown types with the images message', () => {
    expect(validateFiles([pdf()], 'images')).toBe('Invalid file type. Only Images are allowed.');
    expect(validateFiles([{ name: 'a.gif', type: 'image/gif', size: 1 }], 'images')).toBe('Invalid file type. Only Images are allowed.');
    expect(validateFiles([{ name: 'a', type: '', size: 1 }], 'images')).toBe('Invalid file type. Only Images are allowed.');
  });
  test('pdf accepts only PDFs', () => {
    expect(validateFiles([pdf()], 'pdf')).toBeNull();
    expect(validateFiles([png()], 'pdf')).toBe('Invalid file type. Only PDF files are allowed.');
  });
  test('pdf+images accepts both, rejects others with its message', () => {
    expect(validateFiles([pdf(), png()], 'pdf+images', { maxFiles: 5 })).toBeNull();
    expect(validateFiles([{ name: 'a.docx', type: 'application/msword', size: 1 }], 'pdf+images')).toBe(
      'Invalid file type. Only JPEG, PNG, WEBP and PDF files are allowed.',
    );
  });
  test('fileTypeMessage and allowedMimeTypes per kind', () => {
    expect(fileTypeMessage('images')).toBe(MESSAGES.onlyImages);
    expect(fileTypeMessage('pdf')).toBe(MESSAGES.onlyPdf);
    expect(fileTypeMessage('pdf+images')).toBe(MESSAGES.pdfOrImages);
    expect(allowedMimeTypes('pdf')).toEqual(['application/pdf']);
    expect(allowedMimeTypes('pdf+images')).toHaveLength(5);
  });
  test('5 MB per file: exactly 5 MB passes, a byte more fails with the 5MB message', () => {
    expect(validateFiles([png(5 * MB)])).toBeNull();
    expect(validateFiles([png(5 * MB + 1)])).toBe('File size exceeds the maximum allowed limit (5MB).');
    expect(validateFiles([pdf(20 * MB)], 'pdf')).toBe('File size exceeds the maximum allowed limit (5MB).');
  });
  test('at most 5 files by default, counting files already selected', () => {
    const five = Array.from({ length: 5 }, () => png());
    expect(validateFiles(five)).toBeNull();
    expect(validateFiles([...five, png()])).toBe('You can upload a maximum of 5.');
    expect(validateFiles([png(), png()], 'images', { alreadySelected: 4 })).toBe('You can upload a maximum of 5.');
    expect(validateFiles([png()], 'images', { alreadySelected: 4 })).toBeNull();
  });
  test('a custom maximum is named in the message', () => {
    expect(validateFiles([png(), png()], 'images', { maxFiles: 1 })).toBe('You can upload a maximum of 1.');
  });
  test('an empty selection passes', () => {
    expect(validateFiles([])).toBeNull();
  });
});

describe('displayFileName', () => {
  test('20 characters or fewer are shown whole', () => {
    expect(displayFileName('short.pdf')).toBe('short.pdf');
    expect(displayFileName('a'.repeat(20))).toBe('a'.repeat(20));
    expect(displayFileName('')).toBe('');
  });
  test('longer names: the first 20 characters plus "..."', () => {
    expect(displayFileName('a'.repeat(21))).toBe(`${'a'.repeat(20)}...`);
    expect(displayFileName('my-very-long-identity-card-scan.png')).toBe('my-very-long-identit...');
  });
});

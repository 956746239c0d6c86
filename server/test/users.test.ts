import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { MESSAGES, UPLOAD_MAX_BYTES } from 'shared-api/contract';
import { files, users } from '../src/db/schema';
import {
  buildTestApp,
  call,
  jpegImage,
  login,
  makeProperty,
  makeUser,
  markSubmitted,
  multipart,
  PDF,
  pngImage,
  snapshot,
  uniqueEmail,
  uploadedFiles,
  type TestApp,
  type TestUser,
} from './helper';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, 'ADMIN');
});
afterAll(async () => {
  await t?.close();
});

const upload = (url: string, as: TestUser, parts: Parameters<typeof multipart>[0]) => {
  const { payload, headers } = multipart(parts);
  return call(t.app, { method: 'PATCH', url, as, payload, headers });
};

describe('GET and PATCH /v1/users/me', () => {
  it('returns the signed-in user without secrets', async () => {
    const me = await makeUser(t.app, 'INVESTOR');
    const res = await call(t.app, { method: 'GET', url: '/v1/users/me', as: me });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: me.id, email: me.email, role: 'INVESTOR', avatar: null, claimableTokens: 0 });
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        '_id',
        'adminRole',
        'avatar',
        'businessName',
        'claimableTokens',
        'country',
        'createdAt',
        'email',
        'emailVerified',
        'firstName',
        'isSubscribed',
        'lastName',
        'onboardingCompleted',
        'phone',
        'rejectionReason',
        'role',
        'status',
        'userType',
      ].sort(),
    );
  });

  it('changes the profile fields a person may change', async () => {
    const me = await makeUser(t.app, 'PROPERTY_OWNER');
    const res = await call(t.app, {
      method: 'PATCH',
      url: '/v1/users/me',
      as: me,
      payload: {
        firstName: ' Grace ',
        country: 'United States',
        phone: '+1 (555) 010-0200',
        userType: 'BUSINESS_ENTITY',
        businessName: 'Hopper Homes LLC',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Grace',
      country: 'United States',
      phone: '+1 (555) 010-0200',
      userType: 'BUSINESS_ENTITY',
      businessName: 'Hopper Homes LLC',
    });
    const cleared = await call(t.app, { method: 'PATCH', url: '/v1/users/me', as: me, payload: { businessName: null } });
    expect(cleared.json().businessName).toBeNull();
  });

  it('refuses mass assignment (role, status, isSubscribed, claimableTokens, email, emailVerified) and changes nothing', async () => {
    const me = await makeUser(t.app, 'INVESTOR');
    const before = await snapshot(t.app);
    for (const extra of [
      { role: 'ADMIN' },
      { status: 'VERIFIED' },
      { isSubscribed: true },
      { claimableTokens: 1000 },
      { email: 'x@y.zz' },
      { emailVerified: true },
      { _id: admin.id },
    ]) {
      const res = await call(t.app, { method: 'PATCH', url: '/v1/users/me', as: me, payload: { firstName: 'Mallory', ...extra } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(`${Object.keys(extra)[0]} is not allowed`);
    }
    expect(await snapshot(t.app)).toBe(before);
  });

  it('refuses bad values with readable messages and never coerces body types', async () => {
    const me = await makeUser(t.app, 'INVESTOR');
    const res = await call(t.app, {
      method: 'PATCH',
      url: '/v1/users/me',
      as: me,
      payload: { firstName: '', phone: 'call me', userType: 'COMPANY' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(
      expect.arrayContaining([
        'firstName cannot be empty',
        'phone has an invalid format',
        'userType must be one of: INDIVIDUAL, BUSINESS_ENTITY',
      ]),
    );
    const numeric = await call(t.app, { method: 'PATCH', url: '/v1/users/me', as: me, payload: { firstName: 42 } });
    expect(numeric.statusCode).toBe(400);
    expect(numeric.json().message).toEqual(['firstName must be a string']);
    const notJson = await call(t.app, {
      method: 'PATCH',
      url: '/v1/users/me',
      as: me,
      payload: '{"firstName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
  });
});

describe('metrics', () => {
  it('an investor gets the contract shape with zero money until orders exist', async () => {
    const me = await makeUser(t.app, 'INVESTOR');
    const res = await call(t.app, { method: 'GET', url: '/v1/users/me/metrics', as: me });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      portfolioValue: 0,
      accountValue: 0,
      totalInvested: 0,
      holdingsCount: 0,
      walletBalance: 0,
      pendingOrders: 0,
      claimableTokens: 0,
      allocationByProperty: [],
      allocationByType: [],
      investedOverTime: [],
      listingsByStatus: {},
      unitsSold: 0,
      unitsReserved: 0,
      amountRaised: 0,
      payoutsReceived: 0,
    });
  });

  it('an owner sees listings by status from real data', async () => {
    const owner = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
    await makeProperty(t.app, owner);
    await makeProperty(t.app, owner, { type: 'OFF_PLAN' });
    await makeProperty(t.app, owner, { approveAs: admin });
    const res = await call(t.app, { method: 'GET', url: '/v1/users/me/metrics', as: owner });
    expect(res.json().listingsByStatus).toEqual({ PENDING_REVIEW: 2, ACTIVE: 1 });
  });
});

describe('uploads: profile image, KYC, business KYC', () => {
  it('sets a profile image (re-encoded WebP, public link) and replaces the previous one', async () => {
    const me = await makeUser(t.app, 'INVESTOR');
    const first = await upload('/v1/users/me/profile-image', me, [
      { field: 'file', filename: 'me.png', contentType: 'image/png', data: await pngImage(800, 600) },
    ]);
    expect(first.statusCode).toBe(200);
    const url1 = first.json().avatar.url as string;
    expect(url1).toMatch(/^\/download\/[0-9a-f-]{36}\.webp$/);
    const img = await call(t.app, { method: 'GET', url: url1 });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.headers['content-disposition']).toMatch(/^inline/);
    expect(img.headers['x-content-type-options']).toBe('nosniff');

    const second = await upload('/v1/users/me/profile-image', me, [
      { field: 'file', filename: 'me2.jpg', contentType: 'image/jpeg', data: await jpegImage() },
    ]);
    expect(second.statusCode).toBe(200);
    expect(second.json().avatar.url).not.toBe(url1);
    expect((await call(t.app, { method: 'GET', url: url1 })).statusCode).toBe(404);
    expect(existsSync(path.join(t.config.uploadDir, url1.split('/').pop() as string))).toBe(false);
  });

  it('stores an identity document under a server name, whatever path the file name carries', async () => {
    const me = await makeUser(t.app, 'INVESTOR');
    const res = await upload('/v1/users/kyc', me, [
      { field: 'file', filename: '../../../etc/passwd.png', contentType: 'image/png', data: await pngImage() },
    ]);
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(files).where(eq(files.userId, me.id));
    expect(row.kind).toBe('KYC');
    expect(row.storageKey).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(row.originalName).toBe('passwd.png');
    expect(uploadedFiles(t.config)).toContain(row.storageKey);
    expect(readdirSync(path.dirname(t.config.uploadDir)).sort()).toEqual(['uploads']);
  });

  it.each([
    [
      'text declared as PNG',
      { filename: 'id.png', contentType: 'image/png', data: Buffer.from('this is not an image at all') },
      400,
      MESSAGES.onlyImages,
    ],
    ['a PDF for an image-only upload', { filename: 'id.pdf', contentType: 'application/pdf', data: PDF }, 400, MESSAGES.onlyImages],
    ['JPEG bytes declared as PNG', { filename: 'id.png', contentType: 'image/png', data: null }, 400, MESSAGES.onlyImages],
    [
      'an HTML file renamed .png',
      { filename: 'x.png', contentType: 'image/png', data: Buffer.from('<html><script>alert(1)</script></html>') },
      400,
      MESSAGES.onlyImages,
    ],
    [
      'a PNG header with garbage',
      {
        filename: 'x.png',
        contentType: 'image/png',
        data: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]),
      },
      400,
      MESSAGES.onlyImages,
    ],
  ])('refuses %s and stores nothing', async (_name, part, status, message) => {
    const me = await makeUser(t.app, 'INVESTOR');
    const data = part.data ?? (await jpegImage());
    const before = await snapshot(t.app);
    const filesBefore = uploadedFiles(t.config);
    const res = await upload('/v1/users/kyc', me, [{ field: 'file', ...part, data }]);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await snapshot(t.app)).toBe(before);
    expect(uploadedFiles(t.config)).toEqual(filesBefore);
  });

  it('refuses an oversize file (413, the spec words) and more than one file', async () => {
    const me = await makeUser(t.app, 'INVESTOR');
    const before = await snapshot(t.app);
    const big = Buffer.concat([await pngImage(), Buffer.alloc(UPLOAD_MAX_BYTES + 10)]);
    const res = await upload('/v1/users/kyc', me, [{ field: 'file', filename: 'big.png', contentType: 'image/png', data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(MESSAGES.fileTooLarge(5));
    const png = await pngImage();
    const two = await upload('/v1/users/kyc', me, [
      { field: 'file', filename: 'a.png', contentType: 'image/png', data: png },
      { field: 'file', filename: 'b.png', contentType: 'image/png', data: png },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe(MESSAGES.tooManyFiles(1));
    expect(await snapshot(t.app)).toBe(before);
  });

  it('refuses a wrong field, no file, and a non-multipart body', async () => {
    const me = await makeUser(t.app, 'INVESTOR');
    const wrong = await upload('/v1/users/kyc', me, [
      { field: 'document', filename: 'a.png', contentType: 'image/png', data: await pngImage() },
    ]);
    expect(wrong.statusCode).toBe(400);
    const none = await upload('/v1/users/kyc', me, []);
    expect(none.statusCode).toBe(400);
    const json = await call(t.app, { method: 'PATCH', url: '/v1/users/kyc', as: me, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('keeps at most 10 identity documents per person', async () => {
    const me = await makeUser(t.app, 'INVESTOR');
    const png = await pngImage();
    for (let i = 0; i < 10; i++) {
      expect(
        (await upload('/v1/users/kyc', me, [{ field: 'file', filename: `id${i}.png`, contentType: 'image/png', data: png }])).statusCode,
      ).toBe(200);
    }
    const filesBefore = uploadedFiles(t.config);
    const res = await upload('/v1/users/kyc', me, [{ field: 'file', filename: 'id11.png', contentType: 'image/png', data: png }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.tooManyFiles(10));
    expect(uploadedFiles(t.config)).toEqual(filesBefore);
  });

  it('accepts a PDF business document; admins have no KYC', async () => {
    const me = await makeUser(t.app, 'PROPERTY_OWNER');
    const res = await upload('/v1/users/kyc/business', me, [
      { field: 'file', filename: 'certificate of incorporation.pdf', contentType: 'application/pdf', data: PDF },
    ]);
    expect(res.statusCode).toBe(200);
    const denied = await upload('/v1/users/kyc', admin, [
      { field: 'file', filename: 'a.png', contentType: 'image/png', data: await pngImage() },
    ]);
    expect(denied.statusCode).toBe(403);
  });
});

describe('onboarding', () => {
  const complete = (as: TestUser, payload: object | undefined = { status: 'PENDING' }) =>
    call(t.app, { method: 'PATCH', url: '/v1/users/me/complete-onboarding', as, ...(payload ? { payload } : {}) });

  it('applies the spec rules in order, then submits for review', async () => {
    const me = await makeUser(t.app, 'INVESTOR', { status: 'REJECTED' });
    expect((await complete(me)).json().message).toBe(MESSAGES.selectUserType);
    await call(t.app, { method: 'PATCH', url: '/v1/users/me', as: me, payload: { userType: 'BUSINESS_ENTITY' } });
    expect((await complete(me)).json().message).toBe(MESSAGES.selectNationality);
    await call(t.app, { method: 'PATCH', url: '/v1/users/me', as: me, payload: { country: 'Canada' } });
    expect((await complete(me)).json().message).toBe(MESSAGES.invalidPhone);
    await call(t.app, { method: 'PATCH', url: '/v1/users/me', as: me, payload: { phone: '+1 416 555 0100' } });
    expect((await complete(me)).json().message).toBe(MESSAGES.completeSubscription);
    // The money module flips this on payment.
    await t.app.db.update(users).set({ isSubscribed: true }).where(eq(users.id, me.id));
    expect((await complete(me)).json().message).toBe(MESSAGES.businessName);
    await call(t.app, { method: 'PATCH', url: '/v1/users/me', as: me, payload: { businessName: 'Acme Holdings' } });
    expect((await complete(me)).json().message).toBe(MESSAGES.businessDocuments);
    await upload('/v1/users/kyc/business', me, [{ field: 'file', filename: 'acme.pdf', contentType: 'application/pdf', data: PDF }]);
    expect((await complete(me)).json().message).toBe(MESSAGES.identityCard);
    await upload('/v1/users/kyc', me, [{ field: 'file', filename: 'id.jpg', contentType: 'image/jpeg', data: await jpegImage() }]);
    const done = await complete(me);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ onboardingCompleted: true, status: 'PENDING', rejectionReason: null });
  });

  it('keeps a verified owner verified, accepts no body, and refuses a status other than PENDING', async () => {
    const me = await makeUser(t.app, 'PROPERTY_OWNER', { status: 'VERIFIED' });
    await call(t.app, {
      method: 'PATCH',
      url: '/v1/users/me',
      as: me,
      payload: { userType: 'INDIVIDUAL', country: 'United States', phone: '555 0101' },
    });
    await upload('/v1/users/kyc', me, [{ field: 'file', filename: 'id.png', contentType: 'image/png', data: await pngImage() }]);
    const bad = await complete(me, { status: 'VERIFIED' });
    expect(bad.statusCode).toBe(400);
    const res = await complete(me, undefined);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'VERIFIED', onboardingCompleted: true });
  });
});

describe('update-password', () => {
  it('needs the current password, checks the rules, ends other sessions and returns a fresh token', async () => {
    const me = await makeUser(t.app, 'INVESTOR');
    const other = await login(t.app, me.email, me.password);
    const wrong = await call(t.app, {
      method: 'PATCH',
      url: '/v1/users/me/update-password',
      as: me,
      payload: { currentPassword: 'Nope1234', newPassword: 'Brand9New' },
    });
    expect(wrong.statusCode).toBe(400);
    const weak = await call(t.app, {
      method: 'PATCH',
      url: '/v1/users/me/update-password',
      as: me,
      payload: { currentPassword: me.password, newPassword: 'abc' },
    });
    expect(weak.json().message).toEqual([MESSAGES.passwordLength, MESSAGES.passwordNumber, MESSAGES.passwordUpper]);
    const ok = await call(t.app, {
      method: 'PATCH',
      url: '/v1/users/me/update-password',
      as: me,
      payload: { currentPassword: me.password, newPassword: 'Brand9New' },
    });
    expect(ok.statusCode).toBe(200);
    const fresh = ok.json().accessToken as string;
    expect((await call(t.app, { method: 'GET', url: '/v1/users/me', as: me })).statusCode).toBe(401);
    expect((await call(t.app, { method: 'GET', url: '/v1/users/me', headers: { authorization: `Bearer ${other}` } })).statusCode).toBe(401);
    expect((await call(t.app, { method: 'GET', url: '/v1/users/me', headers: { authorization: `Bearer ${fresh}` } })).statusCode).toBe(200);
    expect(await login(t.app, me.email, 'Brand9New')).toEqual(expect.any(String));
  });
});

describe('questionnaire', () => {
  const answers = {
    investorType: 'SOPHISTICATED',
    highNetWorthInvestor: true,
    annualIncome100OrMore: true,
    annualIncomeValue: 120000,
    netAssets: null,
  };

  it('an investor saves and reads answers; others may not', async () => {
    const me = await makeUser(t.app, 'INVESTOR');
    expect((await call(t.app, { method: 'GET', url: '/v1/users/me/questionnaire', as: me })).statusCode).toBe(404);
    const put = await call(t.app, { method: 'PUT', url: '/v1/users/me/questionnaire', as: me, payload: answers });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ ...answers, submittedAt: expect.any(String) });
    const again = await call(t.app, {
      method: 'PUT',
      url: '/v1/users/me/questionnaire',
      as: me,
      payload: { ...answers, investorType: 'RESTRICTED' },
    });
    expect(again.json().investorType).toBe('RESTRICTED');
    expect((await call(t.app, { method: 'GET', url: '/v1/users/me/questionnaire', as: me })).json().investorType).toBe('RESTRICTED');
    const owner = await makeUser(t.app, 'PROPERTY_OWNER');
    expect((await call(t.app, { method: 'PUT', url: '/v1/users/me/questionnaire', as: owner, payload: answers })).statusCode).toBe(403);
    const detail = await call(t.app, { method: 'GET', url: `/v1/users/${me.id}`, as: admin });
    expect(detail.json().questionnaire).toMatchObject({ investorType: 'RESTRICTED' });
  });

  it('refuses income not to the nearest £10,000, strings for numbers, and extra fields', async () => {
    const me = await makeUser(t.app, 'INVESTOR');
    for (const payload of [
      { ...answers, annualIncomeValue: 125000 },
      { ...answers, annualIncomeValue: '120000' },
      { ...answers, score: 1 },
      { ...answers, investorType: 'PRO' },
    ]) {
      expect((await call(t.app, { method: 'PUT', url: '/v1/users/me/questionnaire', as: me, payload })).statusCode).toBe(400);
    }
  });
});

describe('admin: users', () => {
  it('lists with role, status and text filters and pagination', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    for (let i = 0; i < 3; i++) await makeUser(t.app, 'INVESTOR', { firstName: `${tag}${i}`, status: i === 0 ? 'VERIFIED' : 'PENDING' });
    await makeUser(t.app, 'PROPERTY_OWNER', { firstName: `${tag}owner` });
    const all = await call(t.app, { method: 'GET', url: `/v1/users?q=${tag}`, as: admin });
    expect(all.json().total).toBe(4);
    const investors = await call(t.app, { method: 'GET', url: `/v1/users?q=${tag}&role=INVESTOR&pageSize=2&page=2`, as: admin });
    expect(investors.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(investors.json().items).toHaveLength(1);
    const verified = await call(t.app, { method: 'GET', url: `/v1/users?q=${tag}&status=VERIFIED`, as: admin });
    expect(verified.json().items.map((u: { firstName: string }) => u.firstName)).toEqual([`${tag}0`]);
    const bad = await call(t.app, { method: 'GET', url: '/v1/users?role=KING&pageSize=1000', as: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(
      expect.arrayContaining(['role must be one of: INVESTOR, PROPERTY_OWNER, ADMIN', 'pageSize must be at most 100']),
    );
    const percent = await call(t.app, { method: 'GET', url: '/v1/users?q=%25', as: admin });
    expect(percent.statusCode).toBe(200);
    expect(percent.json().total).toBe(0);
  });

  it('shows KYC documents through signed links that work without a token, and only untampered', async () => {
    const me = await makeUser(t.app, 'INVESTOR');
    await upload('/v1/users/kyc', me, [{ field: 'file', filename: 'passport.png', contentType: 'image/png', data: await pngImage() }]);
    const detail = await call(t.app, { method: 'GET', url: `/v1/users/${me.id}`, as: admin });
    expect(detail.statusCode).toBe(200);
    const doc = detail.json().kycDocuments[0];
    expect(doc).toMatchObject({ name: 'passport.png', mimeType: 'image/png' });
    expect(doc.url).toMatch(/\?exp=\d+&sig=/);
    expect((await call(t.app, { method: 'GET', url: doc.url })).statusCode).toBe(200);
    const plain = doc.url.split('?')[0];
    expect((await call(t.app, { method: 'GET', url: plain })).statusCode).toBe(404);
    // Tamper with the signature's first character (to one it is not: 'A' could be the original).
    expect(
      (await call(t.app, { method: 'GET', url: doc.url.replace(/sig=(.)/, (_m: string, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`) }))
        .statusCode,
    ).toBe(404);
    expect((await call(t.app, { method: 'GET', url: doc.url.replace(/exp=\d+/, 'exp=9999999999') })).statusCode).toBe(404);
    const stranger = await makeUser(t.app, 'INVESTOR');
    expect((await call(t.app, { method: 'GET', url: plain, as: stranger })).statusCode).toBe(404);
    expect((await call(t.app, { method: 'GET', url: plain, as: me })).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: plain, as: admin })).statusCode).toBe(200);
  });

  it('edits profile fields, refuses role/status/isSubscribed, and audits', async () => {
    const target = await makeUser(t.app, 'INVESTOR');
    const before = await snapshot(t.app);
    for (const extra of [{ role: 'ADMIN' }, { status: 'VERIFIED' }, { isSubscribed: true }]) {
      expect((await call(t.app, { method: 'PATCH', url: `/v1/users/${target.id}`, as: admin, payload: extra })).statusCode).toBe(400);
    }
    expect(await snapshot(t.app)).toBe(before);
    const res = await call(t.app, { method: 'PATCH', url: `/v1/users/${target.id}`, as: admin, payload: { lastName: 'Corrected' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lastName: 'Corrected', kycDocuments: [], businessDocuments: [], questionnaire: null });
    const audit = await call(t.app, { method: 'GET', url: `/v1/admin/audit?action=user.update&actorId=${admin.id}`, as: admin });
    expect(audit.json().items[0]).toMatchObject({
      targetId: target.id,
      detail: { before: { lastName: 'Test' }, after: { lastName: 'Corrected' } },
    });
  });

  it('verifies, rejects (reason required, sessions end), and audits both', async () => {
    const target = await makeUser(t.app, 'INVESTOR');
    await markSubmitted(t.app, target.id);
    const noReason = await call(t.app, {
      method: 'PATCH',
      url: `/v1/users/verify/${target.id}`,
      as: admin,
      payload: { status: 'REJECTED' },
    });
    expect(noReason.statusCode).toBe(400);
    const pending = await call(t.app, { method: 'PATCH', url: `/v1/users/verify/${target.id}`, as: admin, payload: { status: 'PENDING' } });
    expect(pending.statusCode).toBe(400);
    const rejected = await call(t.app, {
      method: 'PATCH',
      url: `/v1/users/verify/${target.id}`,
      as: admin,
      payload: { status: 'REJECTED', reason: 'Document unreadable' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', rejectionReason: 'Document unreadable' });
    expect((await call(t.app, { method: 'GET', url: '/v1/users/me', as: target })).statusCode).toBe(401);
    const token = await login(t.app, target.email, target.password);
    expect(
      (await call(t.app, { method: 'GET', url: '/v1/users/me', headers: { authorization: `Bearer ${token}` } })).json().rejectionReason,
    ).toBe('Document unreadable');
    const verified = await call(t.app, {
      method: 'PATCH',
      url: `/v1/users/verify/${target.id}`,
      as: admin,
      payload: { status: 'VERIFIED' },
    });
    expect(verified.json()).toMatchObject({ status: 'VERIFIED', rejectionReason: null });
    const audit = await call(t.app, { method: 'GET', url: `/v1/admin/audit?pageSize=100`, as: admin });
    const actions = audit
      .json()
      .items.filter((e: { targetId: string }) => e.targetId === target.id)
      .map((e: { action: string }) => e.action);
    expect(actions).toEqual(['user.verify', 'user.reject']);
    const notFound = await call(t.app, {
      method: 'PATCH',
      url: `/v1/users/verify/${admin.id}`,
      as: admin,
      payload: { status: 'VERIFIED' },
    });
    expect(notFound.statusCode).toBe(404);
  });

  it('deletes a user: "User deleted", sessions end, the address is free again', async () => {
    const target = await makeUser(t.app, 'PROPERTY_OWNER');
    const res = await call(t.app, { method: 'DELETE', url: `/v1/users/${target.id}`, as: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.userDeleted });
    expect((await call(t.app, { method: 'GET', url: '/v1/users/me', as: target })).statusCode).toBe(401);
    expect((await call(t.app, { method: 'GET', url: `/v1/users/${target.id}`, as: admin })).statusCode).toBe(404);
    expect((await call(t.app, { method: 'DELETE', url: `/v1/users/${target.id}`, as: admin })).statusCode).toBe(404);
    expect(
      (await call(t.app, { method: 'POST', url: '/v1/auth/signin', payload: { email: target.email, password: target.password } }))
        .statusCode,
    ).toBe(401);
    const again = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/signup/property-owner',
      payload: { firstName: 'New', lastName: 'Owner', email: target.email, password: 'Passw0rdX' },
    });
    expect(again.statusCode).toBe(201);
    expect((await call(t.app, { method: 'DELETE', url: `/v1/users/${admin.id}`, as: admin })).statusCode).toBe(409);
    const other = await makeUser(t.app, 'ADMIN');
    expect((await call(t.app, { method: 'DELETE', url: `/v1/users/${other.id}`, as: admin })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await call(t.app, { method: 'GET', url: '/v1/users/00000000-0000-4000-8000-000000000000', as: admin })).statusCode).toBe(404);
    const bad = await call(t.app, { method: 'GET', url: '/v1/users/not-a-uuid', as: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(['id must be a valid id']);
    expect(uniqueEmail()).toMatch(/@example\.com$/);
  });
});

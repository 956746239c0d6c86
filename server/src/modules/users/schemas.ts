import { Type, type Static, type TBoolean, type TOptional } from 'typebox';
import {
  ENTITY_TYPES,
  INVESTOR_TYPES,
  ROLES,
  USER_STATUSES,
  USER_SORTS,
  SORT_ORDERS,
  type CompleteOnboardingBody,
  type QuestionnaireAnswers,
  type UpdateMeBody,
  type UpdatePasswordBody,
  type User,
  type UserDetail,
  type UsersQuery,
  type VerifyUserBody,
  type KycCase,
  type KycCaseNote,
  type KycCasesQuery,
  type KycCaseSummary,
  type KycChecklistItem,
  type KycDecisionBody,
  type KycDocumentView,
  type KycNoteBody,
} from 'shared-api/contract';
import { ADMIN_ROLES } from 'shared-api/contract/dashboard';
import { KYC_CASE_KINDS, KYC_CASE_SORTS, KYC_CASE_STATUSES, KYC_CHECKLIST_ITEMS, KYC_REJECTION_REASONS } from 'shared-api/contract/admin';
import { assertSame, DateTime, Id, Nullable, CursorPageQuery, PageQuery, StringEnum, type Same } from '../../lib/schema';
import { FileRefSchema } from '../files';

export const UserSchema = Type.Object({
  _id: Id,
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  role: StringEnum(ROLES),
  status: StringEnum(USER_STATUSES),
  emailVerified: Type.Boolean(),
  isSubscribed: Type.Boolean(),
  onboardingCompleted: Type.Boolean(),
  avatar: Type.Union([Type.Object({ url: Type.String() }), Type.Null()]),
  country: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  userType: Nullable(StringEnum(ENTITY_TYPES)),
  businessName: Nullable(Type.String()),
  rejectionReason: Nullable(Type.String()),
  claimableTokens: Type.Number(),
  createdAt: DateTime,
  twoFactorRequired: Type.Optional(Type.Boolean()),
  adminRole: Type.Optional(Nullable(StringEnum(ADMIN_ROLES))),
});
assertSame<Same<Static<typeof UserSchema>, User>>();

export const QuestionnaireSchema = Type.Object(
  {
    investorType: StringEnum(INVESTOR_TYPES),
    highNetWorthInvestor: Type.Boolean(),
    annualIncome100OrMore: Nullable(Type.Boolean()),
    annualIncomeValue: Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
    netAssets: Nullable(Type.Boolean()),
  },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof QuestionnaireSchema>, QuestionnaireAnswers>>();

export const SubmittedQuestionnaireSchema = Type.Object({
  investorType: StringEnum(INVESTOR_TYPES),
  highNetWorthInvestor: Type.Boolean(),
  annualIncome100OrMore: Nullable(Type.Boolean()),
  annualIncomeValue: Nullable(Type.Integer()),
  netAssets: Nullable(Type.Boolean()),
  submittedAt: DateTime,
});

export const UserDetailSchema = Type.Object({
  ...UserSchema.properties,
  kycDocuments: Type.Array(FileRefSchema),
  businessDocuments: Type.Array(FileRefSchema),
  questionnaire: Type.Union([SubmittedQuestionnaireSchema, Type.Null()]),
});
assertSame<Same<Static<typeof UserDetailSchema>, UserDetail>>();

const Name = Type.String({ minLength: 1, maxLength: 100 });

export const UpdateMeSchema = Type.Object(
  {
    firstName: Type.Optional(Name),
    lastName: Type.Optional(Name),
    country: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    phone: Type.Optional(Nullable(Type.String({ maxLength: 30, pattern: '^[0-9+\\-() ]*$' }))),
    userType: Type.Optional(Nullable(StringEnum(ENTITY_TYPES))),
    businessName: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof UpdateMeSchema>, UpdateMeBody>>();

export const UpdatePasswordSchema = Type.Object(
  { currentPassword: Type.String({ minLength: 1, maxLength: 256 }), newPassword: Type.String({ maxLength: 256 }) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof UpdatePasswordSchema>, UpdatePasswordBody>>();

export const UpdatePasswordResultSchema = Type.Object({ message: Type.String(), accessToken: Type.String() });

export const CompleteOnboardingSchema = Type.Object(
  { status: Type.Optional(StringEnum(['PENDING'] as const)) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof CompleteOnboardingSchema>, CompleteOnboardingBody>>();

export const VerifyUserSchema = Type.Object(
  { status: StringEnum(['VERIFIED', 'REJECTED'] as const), reason: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof VerifyUserSchema>, VerifyUserBody>>();

export const UsersQuerySchema = Type.Object(
  {
    sort: Type.Optional(StringEnum(USER_SORTS)),
    order: Type.Optional(StringEnum(SORT_ORDERS)),
    role: Type.Optional(StringEnum(ROLES)),
    status: Type.Optional(StringEnum(USER_STATUSES)),
    q: Type.Optional(Type.String({ maxLength: 100 })),
    ...CursorPageQuery,
  },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof UsersQuerySchema>, UsersQuery>>();

export const UserIdParams = Type.Object({ userId: Id }, { additionalProperties: false });

// ---- Verification cases ----

const Checklist = Type.Object(
  Object.fromEntries(KYC_CHECKLIST_ITEMS.map((k) => [k, Type.Optional(Type.Boolean())])) as {
    [K in KycChecklistItem]: TOptional<TBoolean>;
  },
  { additionalProperties: false },
);

export const KycCaseSummarySchema = Type.Object({
  _id: Id,
  userId: Id,
  name: Type.String(),
  email: Type.String(),
  kind: StringEnum(KYC_CASE_KINDS),
  status: StringEnum(KYC_CASE_STATUSES),
  documentCount: Type.Integer({ minimum: 0 }),
  submittedAt: DateTime,
});
assertSame<Same<Static<typeof KycCaseSummarySchema>, KycCaseSummary>>();

export const KycCaseNoteSchema = Type.Object({
  _id: Id,
  authorId: Id,
  authorEmail: Type.String(),
  body: Type.String(),
  createdAt: DateTime,
});
assertSame<Same<Static<typeof KycCaseNoteSchema>, KycCaseNote>>();

export const KycCaseSchema = Type.Object({
  ...KycCaseSummarySchema.properties,
  checklist: Checklist,
  decidedAt: Nullable(DateTime),
  decidedBy: Nullable(Id),
  reasonCode: Nullable(StringEnum(KYC_REJECTION_REASONS)),
  decisionNote: Nullable(Type.String()),
  userStatus: Type.String(),
  onboardingCompleted: Type.Boolean(),
  documents: Type.Array(
    Type.Object({
      _id: Id,
      kind: StringEnum(['KYC', 'BUSINESS_KYC'] as const),
      originalName: Type.String(),
      mimeType: Type.String(),
      createdAt: DateTime,
    }),
  ),
  notes: Type.Array(KycCaseNoteSchema),
  history: Type.Array(KycCaseSummarySchema),
});
assertSame<Same<Static<typeof KycCaseSchema>, KycCase>>();

export const KycDocumentViewSchema = Type.Object({ url: Type.String(), mimeType: Type.String(), originalName: Type.String() });
assertSame<Same<Static<typeof KycDocumentViewSchema>, KycDocumentView>>();

export const KycCasesQuerySchema = Type.Object(
  {
    sort: Type.Optional(StringEnum(KYC_CASE_SORTS)),
    order: Type.Optional(StringEnum(SORT_ORDERS)),
    kind: Type.Optional(StringEnum(KYC_CASE_KINDS)),
    ...PageQuery,
  },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof KycCasesQuerySchema>, KycCasesQuery>>();

export const KycDecisionSchema = Type.Object(
  {
    decision: StringEnum(['APPROVE', 'REJECT'] as const),
    reasonCode: Type.Optional(StringEnum(KYC_REJECTION_REASONS)),
    note: Type.Optional(Type.String({ maxLength: 1000 })),
    checklist: Type.Optional(Checklist),
  },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof KycDecisionSchema>, KycDecisionBody>>();

export const KycNoteSchema = Type.Object({ body: Type.String({ minLength: 1, maxLength: 2000 }) }, { additionalProperties: false });
assertSame<Same<Static<typeof KycNoteSchema>, KycNoteBody>>();

export const CaseDocumentParams = Type.Object({ id: Id, fileId: Id }, { additionalProperties: false });

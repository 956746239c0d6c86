import { Type, type Static } from 'typebox';
import {
  ENTITY_TYPES,
  INVESTOR_TYPES,
  ROLES,
  USER_STATUSES,
  type CompleteOnboardingBody,
  type QuestionnaireAnswers,
  type UpdateMeBody,
  type UpdatePasswordBody,
  type User,
  type UserDetail,
  type UsersQuery,
  type VerifyUserBody,
} from 'shared-api/contract';
import { assertSame, DateTime, Id, Nullable, CursorPageQuery, StringEnum, type Same } from '../../lib/schema';
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
    role: Type.Optional(StringEnum(ROLES)),
    status: Type.Optional(StringEnum(USER_STATUSES)),
    q: Type.Optional(Type.String({ maxLength: 100 })),
    ...CursorPageQuery,
  },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof UsersQuerySchema>, UsersQuery>>();

export const UserIdParams = Type.Object({ userId: Id }, { additionalProperties: false });

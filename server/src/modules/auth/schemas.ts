import { Type, type Static } from 'typebox';
import {
  OTP_PURPOSES,
  type AdminSignupBody,
  type OtpGenerateBody,
  type OtpVerifyBody,
  type ResetPasswordBody,
  type AuthResult,
  type EmailChangeBody,
  type EmailChangeConfirmBody,
  type EmailChanged,
  type EmailChangePending,
  type RecoveryCodesRenewed,
  type SecondFactorBody,
  type SecondFactorChallenge,
  type SigninBody,
  type SignupBody,
  type StepUpBody,
  type TwoFactorConfirmBody,
  type TwoFactorEnabled,
  type TwoFactorRemoveBody,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from 'shared-api/contract';
import { ADMIN_ROLES } from 'shared-api/contract/dashboard';
import type { PasskeyInfo, PasskeyRenameBody, PasskeySecondFactorOptionsBody } from 'shared-api/contract/passkeys';
import { assertSame, StringEnum, type Same } from '../../lib/schema';
import { UserSchema } from '../users';

const Email = Type.String({ maxLength: 254 });
const Password = Type.String({ maxLength: 256 });
const Name = Type.String({ maxLength: 100 });

export const SignupSchema = Type.Object(
  { firstName: Name, lastName: Name, email: Email, password: Password },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof SignupSchema>, SignupBody>>();

export const AdminSignupSchema = Type.Object(
  { firstName: Name, lastName: Name, email: Email, password: Password, adminRole: Type.Optional(StringEnum(ADMIN_ROLES)) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof AdminSignupSchema>, AdminSignupBody>>();

export const SigninSchema = Type.Object({ email: Email, password: Password }, { additionalProperties: false });
assertSame<Same<Static<typeof SigninSchema>, SigninBody>>();

export const OtpGenerateSchema = Type.Object({ email: Email, purpose: StringEnum(OTP_PURPOSES) }, { additionalProperties: false });
assertSame<Same<Static<typeof OtpGenerateSchema>, OtpGenerateBody>>();

const Code = Type.String({ maxLength: 12 });
export const OtpVerifySchema = Type.Object(
  { email: Email, code: Code, purpose: StringEnum(OTP_PURPOSES) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof OtpVerifySchema>, OtpVerifyBody>>();

export const ResetPasswordSchema = Type.Object({ email: Email, code: Code, newPassword: Password }, { additionalProperties: false });
assertSame<Same<Static<typeof ResetPasswordSchema>, ResetPasswordBody>>();

export const SignupResultSchema = Type.Object({ message: Type.String(), user: UserSchema });
export const AuthResultSchema = Type.Object({ accessToken: Type.String(), user: UserSchema });

export const SecondFactorChallengeSchema = Type.Object({
  secondFactorRequired: Type.Literal(true),
  challengeToken: Type.String(),
  expiresAt: Type.String(),
  message: Type.String(),
  factors: Type.Optional(Type.Array(StringEnum(['TOTP', 'PASSKEY'] as const))),
});
assertSame<Same<Static<typeof SecondFactorChallengeSchema>, SecondFactorChallenge>>();
/**
 * Tokens or a challenge. One object of optional fields rather than anyOf: the serializer
 * would check each branch (the user's extra fields fail a strict match) instead of
 * writing the one the service returned.
 */
export const SigninResultSchema = Type.Object({
  accessToken: Type.Optional(Type.String()),
  user: Type.Optional(UserSchema),
  secondFactorRequired: Type.Optional(Type.Literal(true)),
  challengeToken: Type.Optional(Type.String()),
  expiresAt: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
  factors: Type.Optional(Type.Array(StringEnum(['TOTP', 'PASSKEY'] as const))),
});
// Each branch of SigninResult fits it.
assertSame<Static<typeof SigninResultSchema> extends Partial<AuthResult & SecondFactorChallenge> ? true : false>();

const FactorCode = Type.String({ maxLength: 32 });
export const SecondFactorSchema = Type.Object(
  { challengeToken: Type.String({ maxLength: 200 }), code: FactorCode },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof SecondFactorSchema>, SecondFactorBody>>();

export const StepUpSchema = Type.Object(
  { code: Type.Optional(FactorCode), password: Type.Optional(Password) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof StepUpSchema>, StepUpBody>>();

export const TwoFactorStatusSchema = Type.Object({
  enabled: Type.Boolean(),
  recoveryCodesLeft: Type.Integer(),
  enabledAt: Type.Union([Type.String(), Type.Null()]),
});
assertSame<Same<Static<typeof TwoFactorStatusSchema>, TwoFactorStatus>>();

export const TwoFactorSetupSchema = Type.Object({ secret: Type.String(), otpauthUri: Type.String(), qrDataUrl: Type.String() });
assertSame<Same<Static<typeof TwoFactorSetupSchema>, TwoFactorSetup>>();

export const TwoFactorConfirmSchema = Type.Object({ code: FactorCode }, { additionalProperties: false });
assertSame<Same<Static<typeof TwoFactorConfirmSchema>, TwoFactorConfirmBody>>();

export const TwoFactorEnabledSchema = Type.Object({ recoveryCodes: Type.Array(Type.String()), status: TwoFactorStatusSchema });
assertSame<Same<Static<typeof TwoFactorEnabledSchema>, TwoFactorEnabled>>();

export const TwoFactorRemoveSchema = Type.Object({ password: Password, code: FactorCode }, { additionalProperties: false });
assertSame<Same<Static<typeof TwoFactorRemoveSchema>, TwoFactorRemoveBody>>();

export const RecoveryCodesRenewedSchema = Type.Object({ recoveryCodes: Type.Array(Type.String()), status: TwoFactorStatusSchema });
assertSame<Same<Static<typeof RecoveryCodesRenewedSchema>, RecoveryCodesRenewed>>();

// The address's own rules (validateEmail) give the messages; the schema only bounds the size.
export const EmailChangeSchema = Type.Object({ newEmail: Email }, { additionalProperties: false });
assertSame<Same<Static<typeof EmailChangeSchema>, EmailChangeBody>>();

export const EmailChangeConfirmSchema = Type.Object({ token: Type.String({ maxLength: 200 }) }, { additionalProperties: false });
assertSame<Same<Static<typeof EmailChangeConfirmSchema>, EmailChangeConfirmBody>>();

export const EmailChangePendingSchema = Type.Object({
  pending: Type.Union([Type.Object({ newEmail: Type.String(), expiresAt: Type.String() }), Type.Null()]),
});
assertSame<Same<Static<typeof EmailChangePendingSchema>, EmailChangePending>>();

export const EmailChangedSchema = Type.Object({ message: Type.String(), user: UserSchema });
assertSame<Same<Static<typeof EmailChangedSchema>, EmailChanged>>();

// ---- Passkeys ----

export const PasskeyInfoSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdAt: Type.String(),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
});
assertSame<Same<Static<typeof PasskeyInfoSchema>, PasskeyInfo>>();
export const PasskeyListSchema = Type.Array(PasskeyInfoSchema);

/** WebAuthn's options JSON, written as the library made it. */
export const PasskeyOptionsSchema = Type.Object({ challenge: Type.String() }, { additionalProperties: true });

const B64 = (maxLength: number) => Type.String({ maxLength, pattern: '^[A-Za-z0-9_-]*={0,2}$' });
/** The browser's answer: checked in depth by @simplewebauthn/server. */
export const PasskeyCredentialSchema = Type.Object(
  {
    id: B64(1400),
    rawId: B64(1400),
    type: Type.Literal('public-key'),
    response: Type.Object({ clientDataJSON: B64(4096) }, { additionalProperties: Type.Unknown() }),
    clientExtensionResults: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    authenticatorAttachment: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
);

const PasskeyName = Type.String({ maxLength: 200 });
export const PasskeyRegisterSchema = Type.Object(
  { name: PasskeyName, credential: PasskeyCredentialSchema },
  { additionalProperties: false },
);
export const PasskeyRenameSchema = Type.Object({ name: PasskeyName }, { additionalProperties: false });
assertSame<Same<Static<typeof PasskeyRenameSchema>, PasskeyRenameBody>>();
export const PasskeyAssertionSchema = Type.Object({ credential: PasskeyCredentialSchema }, { additionalProperties: false });
export const PasskeySecondFactorOptionsSchema = Type.Object(
  { challengeToken: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);
assertSame<Same<Static<typeof PasskeySecondFactorOptionsSchema>, PasskeySecondFactorOptionsBody>>();
export const PasskeySecondFactorSchema = Type.Object(
  { challengeToken: Type.String({ maxLength: 200 }), credential: PasskeyCredentialSchema },
  { additionalProperties: false },
);
export const PasskeyIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

import { Type, type Static } from 'typebox';
import {
  OTP_PURPOSES,
  type OtpGenerateBody,
  type OtpVerifyBody,
  type ResetPasswordBody,
  type SigninBody,
  type SignupBody,
} from 'shared-api/contract';
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

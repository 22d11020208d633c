import { z } from 'zod';
import { ROLES } from '../rules/roles';
import { isBusinessEmail, emailMessages, FREE_MAIL_PROVIDERS } from '../validators/email';
import { filledText, storableText } from '../validators/storable-text';
import { documented, EMAIL_FORMAT } from '../validators/documented';

/** Calls of spec 001 §7 "Auth"; paths are under /api/v1/. */
export const AUTH_PATHS = {
  login: 'auth/login/',
  twoFactorLogin: 'auth/2flogin/',
  googleLogin: 'auth/googlelogin/',
  /** A verified Google identity with no account yet: who it is, then its organisation and owner. */
  socialSignupIdentity: 'auth/social-signup/identity/',
  socialSignup: 'auth/social-signup/',
  logout: 'auth/logout/',
  rememberMe: 'auth/remember-me/',
  refresh: 'auth/token/refresh/',
  registration: 'auth/registration/',
  activate: 'auth/activate/',
  passwordReset: 'auth/password/reset/',
  passwordResetConfirm: 'auth/password/reset/confirm/',
  passwordChange: 'auth/password/change/',
  me: 'auth/user/',
  loginOptions: 'auth/login-options/',
  mzaPackagePaths: 'auth/mza-pkg-paths/',
  twoFactorSetup: 'auth/2fa/setup/',
  twoFactorEnable: 'auth/2fa/enable/',
  twoFactorDisable: 'auth/2fa/disable/',
} as const;

/** Browsers send this header to receive the refresh token only as an httpOnly cookie. */
export const REFRESH_TRANSPORT_HEADER = 'x-refresh-transport';
export const REFRESH_COOKIE = 'netloom_refresh';

export const roleSchema = z.enum(ROLES);

export const PASSWORD_MIN = 8;
// storableText: argon2 would hash an unpaired surrogate as U+FFFD, so 'a\ud800' and 'a\udc00' would be one password.
export const passwordSchema = storableText()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(128, 'Password must be at most 128 characters');

export const loginBodySchema = z.object({
  username: filledText().min(1, 'Field is required').max(254),
  password: z.string().min(1, 'Field is required').max(128),
  remember: z.boolean().default(false),
});

/** POST auth/2fa/enable/ answers these once; each works once in place of a TOTP code. */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
export const isRecoveryCode = (code: string) => RECOVERY_CODE_PATTERN.test(code);
/** A TOTP code, or one of the recovery codes (lower-cased). */
const codeOrRecovery = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => /^\d{6}$/.test(v) || isRecoveryCode(v), 'Enter the 6-digit code or a recovery code');

/**
 * What a refused code says, at sign-in and when turning two-factor on or off: the likely causes in
 * the user's words (a code expires every 30 seconds and works once), not a validation term.
 */
export const WRONG_TWO_FACTOR_CODE = 'That code is wrong or has expired. Enter the code your authenticator app shows now.';

export const twoFactorLoginBodySchema = z.object({
  ephemeral_token: z.string().min(1),
  code: codeOrRecovery,
  remember: z.boolean().default(false),
});

export const googleLoginBodySchema = z.object({
  id_token: z.string().min(1),
  socialtype: z.literal('google').default('google'),
  remember: z.boolean().default(false),
});

/** The refresh token travels in the body for API clients; browsers leave it to the cookie. */
export const refreshBodySchema = z.object({ refresh: z.string().min(1).optional() });

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  timezone: z.string().nullable(),
  isSuperAdmin: z.boolean(),
  /** The provider's support engineer: the support desk of every tenant, no tenant's console. */
  isSupportEngineer: z.boolean().optional(),
  twoFactorEnabled: z.boolean(),
  /** The user's own tenant and role; null for a super admin without a membership. */
  tenantId: z.string().nullable(),
  tenantName: z.string().nullable(),
  role: roleSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({
  access: z.string(),
  /** Absent when the browser asked for the cookie transport. */
  refresh: z.string().optional(),
  /** ISO time at which the access token stops being accepted. */
  access_expires_at: z.string(),
  remember: z.boolean(),
  user: userSchema,
});
export type Session = z.infer<typeof sessionSchema>;

/**
 * auth/remember-me/ answers a session, or no session when the visitor presented no refresh token
 * (a first visit): nobody to resume is not an error. A presented token that is refused stays 401.
 */
export const rememberMeResponseSchema = z.union([sessionSchema, z.object({ session: z.null() })]);
export type RememberMeResponse = z.infer<typeof rememberMeResponseSchema>;

export const twoFactorChallengeSchema = z.object({
  two_factor_required: z.literal(true),
  ephemeral_token: z.string(),
});

export const loginResponseSchema = z.union([sessionSchema, twoFactorChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const tokenPairSchema = z.object({
  access: z.string(),
  refresh: z.string().optional(),
  access_expires_at: z.string(),
});

export const detailSchema = z.object({ detail: z.string() });

export const registrationBodySchema = z.object({
  email: documented(storableText().trim().toLowerCase().refine(isBusinessEmail, emailMessages.business), {
    ...EMAIL_FORMAT,
    minLength: 6,
    maxLength: 30,
    description: `A business address: not at a free mail provider (${FREE_MAIL_PROVIDERS.join(', ')}); otherwise '${emailMessages.business}'`,
  }),
  password: passwordSchema,
  first_name: filledText().min(1, 'Field is required').max(50),
  last_name: filledText().min(1, 'Field is required').max(50),
  company_name: filledText().min(1, 'Field is required').max(80),
});

export const activationBodySchema = z.object({
  token: z.string().min(1),
  /** Invited users choose their password when they activate. */
  password: passwordSchema.optional(),
});

export const passwordResetBodySchema = z.object({ email: z.string().trim().toLowerCase().email('Enter valid Email') });
export const passwordResetConfirmBodySchema = z.object({ token: z.string().min(1), password: passwordSchema });
export const passwordChangeBodySchema = z.object({
  old_password: z.string().min(1, 'Field is required'),
  new_password: passwordSchema,
});

export const loginOptionsSchema = z.object({
  google: z.object({ client_id: z.string(), authorization_endpoint: z.string() }).nullable(),
});

export const mzaPackagePathsSchema = z.object({
  detail: z.object({ Windows: z.string(), macOS: z.string(), 'macOS-arm': z.string(), 'Linux-UI': z.string() }),
});

export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export const twoFactorCodeBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});
/** Turning 2FA off also takes a recovery code (a lost phone). */
export const twoFactorDisableBodySchema = z.object({ code: codeOrRecovery });
export const twoFactorEnabledSchema = z.object({ detail: z.string(), recovery_codes: z.array(z.string()) });

/**
 * Sign-up with a Google identity (spec 000 §2.2 `auth/social-signup`): the e-mail comes from the
 * verified id_token, never from the form; the rest is what sign-up asks, less the password.
 */
export const socialIdentityBodySchema = z.object({
  id_token: z.string().min(1).max(8192),
  socialtype: z.literal('google').default('google'),
});

/** What the provider vouches for, read by the server from the token. */
export const socialIdentitySchema = z.object({ email: z.string(), first_name: z.string(), last_name: z.string() });

export const socialSignupFieldsSchema = registrationBodySchema.pick({ first_name: true, last_name: true, company_name: true });

export const socialSignupBodySchema = socialIdentityBodySchema.merge(socialSignupFieldsSchema).extend({ remember: z.boolean().default(false) });

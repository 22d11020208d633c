import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUTH_PATHS,
  detailSchema,
  mzaPackagePathsSchema,
  passwordChangeBodySchema,
  twoFactorCodeBodySchema,
  twoFactorDisableBodySchema,
  twoFactorEnabledSchema,
  twoFactorSetupSchema,
  userSchema,
  MAC_INSTALLER_VERSION,
} from '@netloom/domain';
import type { Config } from '../../config';
import type { AccountService } from './account';
import type { TwoFactorService } from './two-factor';
import { errorResponses } from '../../http/openapi';
import { toUserDto } from '../../identity/dto';
import { requestContext } from './transport';
import { p, routeDocs } from '../../http/route-kit';

const { tags, security } = routeDocs('auth');

export interface SignedInRoutesOptions {
  account: AccountService;
  twoFactor: TwoFactorService;
  config: Pick<Config, 'mzaPackageBaseUrl'>;
}

/** Everything a logged-in user does with their own account. */
export const signedInRoutes: FastifyPluginAsyncZod<SignedInRoutesOptions> = async (app, { account, twoFactor, config }) => {
  const authed = app.withTypeProvider<ZodTypeProvider>();

  authed.get(
    p(AUTH_PATHS.me),
    {
      schema: { tags, summary: 'The current user', security, response: { 200: userSchema } },
    },
    async (request) => toUserDto(request.principal!.user, request.principal!.memberships),
  );

  authed.post(
    p(AUTH_PATHS.passwordChange),
    {
      schema: { tags, summary: 'Change the password', security, body: passwordChangeBodySchema, response: { 200: detailSchema } },
    },
    async (request) => {
      await account.changePassword(request.principal!, request.body, requestContext(request));
      return { detail: 'Password changed.' };
    },
  );

  authed.get(
    p(AUTH_PATHS.mzaPackagePaths),
    {
      schema: { tags, summary: 'Download paths of the MicroZAccess client', security, response: { 200: mzaPackagePathsSchema } },
    },
    async () => {
      const base = config.mzaPackageBaseUrl;
      return {
        detail: {
          Windows: `${base}/windows/MicroZAccess-setup.msi`,
          macOS: `${base}/macos/MicroZAccess-${MAC_INSTALLER_VERSION}-intel.pkg`,
          'macOS-arm': `${base}/macos/MicroZAccess-${MAC_INSTALLER_VERSION}-apple-chip.pkg`,
          'Linux-UI': `${base}/linux/microzaccess_amd64.deb`,
        },
      };
    },
  );

  authed.post(
    p(AUTH_PATHS.twoFactorSetup),
    {
      schema: { tags, summary: 'Start two-factor enrolment: a new TOTP secret', security, response: { 200: twoFactorSetupSchema } },
    },
    async (request) => twoFactor.beginTwoFactor(request.principal!.user),
  );

  authed.post(
    p(AUTH_PATHS.twoFactorEnable),
    {
      schema: {
        tags,
        summary: 'Confirm enrolment with a first code; answers 10 one-time recovery codes',
        security,
        body: twoFactorCodeBodySchema,
        response: { 200: twoFactorEnabledSchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      const recovery = await twoFactor.enableTwoFactor(request.principal!, request.body.code, requestContext(request));
      return { detail: 'Two-factor authentication is on.', recovery_codes: recovery };
    },
  );

  authed.post(
    p(AUTH_PATHS.twoFactorDisable),
    {
      schema: {
        tags,
        summary: 'Turn two-factor authentication off (TOTP or recovery code)',
        security,
        body: twoFactorDisableBodySchema,
        response: { 200: detailSchema },
      },
    },
    async (request) => {
      await twoFactor.disableTwoFactor(request.principal!, request.body.code, requestContext(request));
      return { detail: 'Two-factor authentication is off.' };
    },
  );
};

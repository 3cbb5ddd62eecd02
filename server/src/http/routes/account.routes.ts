import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountUserResponseSchema,
  changePasswordRequestSchema,
  consentsUpdateSchema,
  deleteAccountRequestSchema,
  okMessageResponseSchema,
  profileUpdateSchema,
  sessionCountResponseSchema,
} from '../../../../contract/auth.schema';
import { tr } from '../../../../contract/messages.tr';
import type { Settings } from '../../config/env';
import { toPublicUser, type AuthService, type ClientInfo } from '../../services/auth.service';
import type { AccountService } from '../../services/account.service';
import { clearSessionCookie, requireUser } from '../auth.hook';

const clientInfo = (req: FastifyRequest): ClientInfo => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
});

/** The account settings page's calls (issue 14): profile, password, sessions, consents, renewal, KVKK. */
export async function accountRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; account: AccountService; settings: Settings },
) {
  const { auth, account } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Every JSON answer is declared from contract/; the KVKK export is a ZIP.
  const userSaved = { 200: accountUserResponseSchema };
  const okMessage = { 200: okMessageResponseSchema };

  r.patch(
    '/api/account/profile',
    { schema: { body: profileUpdateSchema, response: userSaved } },
    async (req) => {
      const user = await account.updateProfile(requireUser(req), req.body);
      return { success: true as const, user: toPublicUser(user), message: tr.account.saved };
    },
  );

  r.patch(
    '/api/account/consents',
    { schema: { body: consentsUpdateSchema, response: userSaved } },
    async (req) => {
      const user = await account.updateConsents(requireUser(req), req.body);
      return { success: true as const, user: toPublicUser(user), message: tr.account.saved };
    },
  );

  r.post(
    '/api/account/password',
    { schema: { body: changePasswordRequestSchema, response: okMessage } },
    async (req) => {
      const user = requireUser(req);
      await auth.changePassword(
        user,
        req.body.currentPassword,
        req.body.newPassword,
        clientInfo(req),
        req.sessionToken,
      );
      return { success: true as const, message: tr.account.passwordChanged };
    },
  );

  r.get(
    '/api/account/sessions',
    { schema: { response: { 200: sessionCountResponseSchema } } },
    async (req) => ({
      success: true as const,
      count: await auth.countSessions(requireUser(req)),
    }),
  );

  r.post('/api/account/logout-everywhere', { schema: { response: okMessage } }, async (req, reply) => {
    await auth.logoutEverywhere(requireUser(req));
    clearSessionCookie(reply);
    return { success: true as const, message: tr.account.loggedOutEverywhere };
  });

  r.post('/api/subscription/resume', { schema: { response: okMessage } }, async (req) =>
    account.resumeSubscription(requireUser(req)),
  );

  r.get('/api/account/export', async (req, reply) => {
    const zip = await account.exportZip(requireUser(req));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="oto-studyo-verilerim-${day}.zip"`)
      .header('cache-control', 'private, no-store')
      .send(zip);
  });

  r.post(
    '/api/account/delete',
    { schema: { body: deleteAccountRequestSchema, response: okMessage } },
    async (req, reply) => {
      await account.deleteAccount(requireUser(req), req.body.confirmation, clientInfo(req));
      clearSessionCookie(reply);
      return { success: true as const, message: tr.account.deleted };
    },
  );
}

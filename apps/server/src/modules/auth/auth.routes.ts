import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  restorePasswordRequest,
  setPasswordRequest,
  setPasswordWithCredentialsRequest,
  signInReply,
  signInRequest,
  signInWithTokenRequest,
  signOutQuery,
  signUpRequest,
  signUpWithOrganisationRequest,
  successMessage,
} from '@edc/domain';
import { callerOf, requireActor } from '../../platform/http/guards.js';
import { envelope, messageOnly } from '../../platform/http/reply.js';
import { authRouteConfig, typed } from '../../platform/http/typed.js';
import * as auth from './auth.service.js';
import { signUp } from './sign-up.service.js';
import { EVEN_REPLY_MS, noSoonerThan } from './even-timing.js';

const tokenParams = z.object({ id: z.string().min(10).max(200) });

export function authRoutes(app: FastifyInstance) {
  const r = typed(app);
  const config = authRouteConfig(app);
  const tags = ['Auth'];

  r.post(
    '/Auth/SignIn',
    { config, schema: { tags, body: signInRequest, response: { 200: envelope(signInReply) } } },
    async (req) => ({
      data: await auth.signIn(app.deps, req.body, callerOf(req)),
    }),
  );

  r.post(
    '/Auth/SignInWithDrTrial',
    { config, schema: { tags, body: signInWithTokenRequest, response: { 200: envelope(signInReply) } } },
    async (req) => ({
      data: await auth.signInWithToken(app.deps, req.body, callerOf(req)),
    }),
  );

  // Registration: the same reply whether or not the e-mail has an account, and no session until the
  // mailed link proves the e-mail (sign-up.service.ts).
  r.post('/Auth/SignUp', { config, schema: { tags, body: signUpRequest, response: { 200: messageOnly } } }, async (req) => {
    const caller = callerOf(req);
    await noSoonerThan(EVEN_REPLY_MS.signUp, () => signUp(app.deps, req.body, caller));
    return { message: successMessage('signed_up', caller.lang) };
  });

  r.post(
    '/Auth/SignUpWithOrganisation',
    { config, schema: { tags, body: signUpWithOrganisationRequest, response: { 200: messageOnly } } },
    async (req) => {
      const caller = callerOf(req);
      await noSoonerThan(EVEN_REPLY_MS.signUp, () => signUp(app.deps, req.body, caller));
      return { message: successMessage('signed_up', caller.lang) };
    },
  );

  // Signs out the calling session (the optional id, the user's id in the spec, is accepted and ignored).
  r.post(
    '/Auth/SignOut',
    { config: { ...config, public: false }, schema: { tags, querystring: signOutQuery, response: { 200: messageOnly } } },
    async (req) => {
      const actor = requireActor(req);
      await auth.signOut(app.deps, actor.sessionId, callerOf(req));
      return {};
    },
  );

  r.post(
    '/Auth/RestorePassword',
    { config, schema: { tags, body: restorePasswordRequest, response: { 200: messageOnly } } },
    async (req) => {
      const caller = callerOf(req);
      await noSoonerThan(EVEN_REPLY_MS.restore, () => auth.restorePassword(app.deps, req.body.email, caller));
      return { message: successMessage('restore_sent', caller.lang) };
    },
  );

  r.post(
    '/Auth/:id/SetPassword',
    { config, schema: { tags, params: tokenParams, body: setPasswordRequest, response: { 200: messageOnly } } },
    async (req) => {
      const caller = callerOf(req);
      await auth.setPassword(app.deps, req.params.id, req.body.password, caller);
      return { message: successMessage('password_changed', caller.lang) };
    },
  );

  r.post(
    '/Auth/:id/SetPasswordWithCredentials',
    {
      config,
      schema: { tags, params: tokenParams, body: setPasswordWithCredentialsRequest, response: { 200: envelope(signInReply) } },
    },
    async (req) => {
      const caller = callerOf(req);
      return {
        data: await auth.setPasswordWithCredentials(app.deps, req.params.id, req.body, caller),
        message: successMessage('password_changed', caller.lang),
      };
    },
  );
}

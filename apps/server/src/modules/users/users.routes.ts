import {
  changeNameRequestSchema,
  changePasswordRequestSchema,
  creditsResponseSchema,
  messageResponseSchema,
  profileDetailsResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  updateProfileRequestSchema,
  updateProfileResponseSchema,
  userIdBodySchema,
  userProfileSchema,
} from '@studio/contract';
import { APIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors';
import type { Auth } from '../auth/auth';
import { authRateLimits } from '../auth/auth.routes';
import { requireUser } from '../auth/session-guard';
import { attemptLimits } from '../rate-limits/attempt-limit';
import type { PasswordGuard } from '../rate-limits/password-attempts';
import * as users from './users.service';

const tags = ['user'];

export const userRoutes =
  (
    deps: users.UsersDeps & { auth: Auth; rateLimitMultiplier: number; passwords: PasswordGuard },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    // Guessing the current password with a stolen session: per address here, per account below.
    const passwordAddressLimit = attemptLimits(app, deps.rateLimitMultiplier)(
      'password-address',
      authRateLimits.passwordPerAddress,
      (request) => request.ip,
    );

    app.post(
      '/user/register',
      {
        schema: {
          tags,
          summary: 'Create the profile of the signed-in user (idempotent)',
          body: registerRequestSchema,
          response: { 200: registerResponseSchema },
        },
      },
      async (request) => {
        const result = await users.register(deps, requireUser(request), request.body);
        return { success: true as const, ...result };
      },
    );

    app.post(
      '/user/profile-details',
      {
        schema: {
          tags,
          summary: 'Profile of the signed-in user, with missing-field flags',
          body: userIdBodySchema,
          response: { 200: profileDetailsResponseSchema },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await users.profileDetails(deps, requireUser(request))),
      }),
    );

    app.put(
      '/user/profile',
      {
        schema: {
          tags,
          summary: 'Update changed profile fields (undefined and null are ignored)',
          body: updateProfileRequestSchema,
          response: { 200: updateProfileResponseSchema },
        },
      },
      async (request) => {
        const { userId: _userId, ...fields } = request.body;
        const result = await users.updateProfile(deps, requireUser(request), fields);
        return { success: true as const, ...result };
      },
    );

    app.put(
      '/user/name',
      {
        schema: {
          tags,
          summary: 'Change the display name (Settings)',
          body: changeNameRequestSchema,
          response: { 200: z.object({ success: z.literal(true), data: userProfileSchema }) },
        },
      },
      async (request) => {
        const { data } = await users.updateProfile(deps, requireUser(request), {
          name: request.body.name,
        });
        return { success: true as const, data };
      },
    );

    app.post(
      '/user/credits',
      {
        config: { apiKey: 'read' },
        schema: {
          tags,
          summary: 'Available credits of the signed-in user',
          body: userIdBodySchema,
          response: { 200: creditsResponseSchema },
        },
      },
      async (request) => ({
        success: true as const,
        credits: await users.balance(deps, requireUser(request).id),
      }),
    );

    app.post(
      '/user/password',
      {
        onRequest: passwordAddressLimit,
        schema: {
          tags,
          summary: 'Change the password with the current one; every other session ends',
          body: changePasswordRequestSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        if (!(await users.hasPassword(deps, user.id))) {
          throw new AppError(
            400,
            'no_password',
            'This account signs in with Google and has no password to change.',
          );
        }
        await deps.passwords.admit(request, reply, user.email);
        try {
          const { headers } = await deps.auth.api.changePassword({
            body: { ...request.body, revokeOtherSessions: true },
            headers: fromNodeHeaders(request.headers),
            returnHeaders: true,
          });
          // This session is replaced by a fresh one; the browser must get its cookie.
          const cookies = headers.getSetCookie();
          if (cookies.length) reply.header('set-cookie', cookies);
          await deps.passwords.accepted(request, reply, user.email);
        } catch (err) {
          if (err instanceof APIError && err.body?.code === 'INVALID_PASSWORD') {
            throw new AppError(400, 'invalid_password', 'Your current password is incorrect.');
          }
          throw err;
        }
        return {
          success: true as const,
          message: 'Password changed. You were signed out everywhere else.',
        };
      },
    );

    app.post(
      '/user/delete-account',
      {
        schema: {
          tags,
          summary: 'Delete the account and everything it owns',
          body: userIdBodySchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await users.deleteAccount(deps, requireUser(request).id);
        return { success: true as const, message: 'Your account has been deleted.' };
      },
    );
  };

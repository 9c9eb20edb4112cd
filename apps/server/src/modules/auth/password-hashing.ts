import { hashPassword, verifyPassword } from 'better-auth/crypto';

/**
 * Better Auth's own scrypt hashing and checking, reached through this one object (auth.ts hands
 * it to Better Auth, the sign-up route uses it through Better Auth's context): a test can then
 * count the password work each path does, which is what keeps a taken email from being told apart
 * by the time sign-up takes.
 */
export const passwordHashing = {
  hash: (password: string): Promise<string> => hashPassword(password),
  verify: (data: { hash: string; password: string }): Promise<boolean> => verifyPassword(data),
};

import {
  ANONYMOUS_USER_NAME,
  EDITABLE_PROFILE_FIELDS,
  gstinState,
  type EditableProfileField,
  type MissingFields,
  type RegisterRequest,
  type UserProfile,
} from '@studio/contract';
import type { Db } from '../../db/client';
import type { AuthUser } from '../auth/session-guard';
import { notFound } from '../../http/errors';
import * as credits from '../credits/credits.service';
import * as repo from './users.repository';

export interface UsersDeps {
  db: Db;
  /**
   * Erase what other modules keep about a user (stored media, generations…) before the account row
   * goes. Each module that stores personal data registers one; they run in order, and any failure
   * aborts the deletion so nothing is left half-deleted without the user knowing.
   */
  accountErasers: readonly ((userId: string) => Promise<void>)[];
}

/** Spec §3 registration: display name, else email local part, else 'Anonymous User'. */
export function registrationName(name: string | undefined, email: string): string {
  const trimmed = name?.trim();
  if (trimmed) return trimmed;
  const local = email.split('@')[0]?.trim();
  return local || ANONYMOUS_USER_NAME;
}

function toUserProfile(profile: repo.ProfileRow, email: string, credits: number): UserProfile {
  return {
    uid: profile.userId,
    name: profile.name,
    emailId: email,
    companyName: profile.companyName,
    phoneNumber: profile.phoneNumber,
    profileUrl: profile.profileUrl,
    credits,
    registrationDate: profile.registeredAt.toISOString(),
    lastSignIn: profile.lastSignInAt?.toISOString() ?? null,
    accountType: profile.accountType,
    gstin: profile.gstin,
    gstState: profile.gstState,
  };
}

/** The profile row of a new account (called when the account is created, whichever way). */
export async function createProfile(
  deps: Pick<UsersDeps, 'db'>,
  user: { id: string; email: string; name: string; image?: string | null | undefined },
): Promise<void> {
  await repo.ensureProfile(deps.db, {
    userId: user.id,
    name: registrationName(user.name, user.email),
    profileUrl: user.image ?? '',
  });
  await credits.grantWelcomeCredits(deps.db, user.id);
}

export async function recordSignIn(
  deps: Pick<UsersDeps, 'db'>,
  userId: string,
  at: Date,
): Promise<void> {
  await repo.recordSignIn(deps.db, userId, at);
}

async function loadProfile(db: Db, user: AuthUser) {
  let profile = await repo.findProfile(db, user.id);
  if (!profile) {
    // Accounts created before profiles existed, or a profile lost to a failed hook: heal on read.
    await createProfile({ db }, user);
    profile = await repo.findProfile(db, user.id);
  }
  if (!profile) throw notFound('Profile not found');
  return toUserProfile(profile, user.email, await credits.balanceOf(db, user.id));
}

/** Idempotent: the first call creates the profile, later calls return it unchanged. */
export async function register(
  deps: Pick<UsersDeps, 'db'>,
  user: AuthUser,
  body: RegisterRequest,
): Promise<{ created: boolean; data: UserProfile }> {
  const email = user.email || (body.emailId ?? '');
  const { created } = await repo.ensureProfile(deps.db, {
    userId: user.id,
    name: registrationName(body.name?.trim() || user.name, email),
    profileUrl: body.profileUrl || user.image || '',
  });
  if (created) await credits.grantWelcomeCredits(deps.db, user.id);
  return { created, data: await loadProfile(deps.db, user) };
}

export async function profileDetails(
  deps: Pick<UsersDeps, 'db'>,
  user: AuthUser,
): Promise<{ data: UserProfile; missingFields: MissingFields }> {
  const data = await loadProfile(deps.db, user);
  return {
    data,
    missingFields: {
      companyName: data.companyName.trim() === '',
      phoneNumber: data.phoneNumber.trim() === '',
    },
  };
}

/** Drops undefined and null fields, writes only those that differ, and reports which changed. */
export async function updateProfile(
  deps: Pick<UsersDeps, 'db'>,
  user: AuthUser,
  input: Partial<Record<EditableProfileField, string | null | undefined>>,
): Promise<{ updated: EditableProfileField[]; data: UserProfile }> {
  const current = await loadProfile(deps.db, user);
  // A GSTIN names its state: the receipt's place of supply follows it (ADR 051).
  const gstin = input.gstin?.trim();
  if (gstin) input = { ...input, gstState: gstinState(gstin) };
  const patch: repo.ProfilePatch = {};
  const updated: EditableProfileField[] = [];
  for (const field of EDITABLE_PROFILE_FIELDS) {
    const value = input[field];
    if (value === undefined || value === null || value === current[field]) continue;
    patch[field] = value;
    updated.push(field);
  }
  if (updated.length > 0) await repo.updateProfile(deps.db, user.id, patch);
  return { updated, data: updated.length > 0 ? await loadProfile(deps.db, user) : current };
}

export async function hasPassword(deps: Pick<UsersDeps, 'db'>, userId: string): Promise<boolean> {
  return repo.hasPasswordAccount(deps.db, userId);
}

export async function balance(deps: Pick<UsersDeps, 'db'>, userId: string): Promise<number> {
  return credits.balanceOf(deps.db, userId);
}

export async function deleteAccount(deps: UsersDeps, userId: string): Promise<void> {
  for (const erase of deps.accountErasers) await erase(userId);
  await repo.deleteUser(deps.db, userId);
}

/** For operator tools: the account with this email (emails are stored lower-cased). */
export async function findUserByEmail(deps: Pick<UsersDeps, 'db'>, email: string) {
  return repo.findUserByEmail(deps.db, email);
}

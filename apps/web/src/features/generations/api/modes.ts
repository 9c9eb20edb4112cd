import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccessResponse, ModeOption } from '@studio/contract';
import { GENERATION_TYPES, MODES, type GenerationType, type Mode } from '@studio/contract/tools';
import { useCurrentUser } from '@/features/auth/api/session';
import { api } from '@/lib/api-client';
import { isRecord, isString } from '@/lib/guards';
import { isAccessPlan } from '../lib/plan-access';

const isMode = (value: unknown): value is Mode => MODES.some((mode) => mode === value);
const isType = (value: unknown): value is GenerationType =>
  GENERATION_TYPES.some((type) => type === value);
const plans = (value: unknown) => (Array.isArray(value) ? value.filter(isAccessPlan) : []);

/** `GET /modes`: the plan, its modes and tools; unknown entries are dropped. */
export function parseAccess(data: unknown): AccessResponse {
  if (
    !isRecord(data) ||
    data.success !== true ||
    !isAccessPlan(data.plan) ||
    !Array.isArray(data.modes)
  ) {
    throw new Error('Invalid modes response');
  }
  const modes: ModeOption[] = [];
  for (const item of data.modes) {
    if (!isRecord(item) || !isMode(item.value)) continue;
    modes.push({
      value: item.value,
      label: isString(item.label) ? item.label : item.value,
      disabled: item.disabled === true,
      requiresPlan: plans(item.requiresPlan),
    });
  }
  const tools: AccessResponse['tools'] = [];
  for (const item of Array.isArray(data.tools) ? data.tools : []) {
    if (!isRecord(item) || !isType(item.type)) continue;
    tools.push({
      type: item.type,
      allowed: item.allowed !== false,
      requiresPlan: plans(item.requiresPlan),
    });
  }
  return { success: true, plan: data.plan, modes, tools };
}

export const modesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['generations', 'modes', userId] as const,
    queryFn: ({ signal }) => api.get('/modes', { parse: parseAccess, signal }),
  });

/** The modes and tools the user's plan allows (document 2 §4 Mode). */
export function useModes() {
  const userId = useCurrentUser()?.id ?? null;
  return useQuery({ ...modesQueryOptions(userId ?? ''), enabled: userId !== null });
}

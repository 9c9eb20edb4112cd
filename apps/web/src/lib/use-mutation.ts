import {
  useMutation as useQueryMutation,
  type DefaultError,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import { useLayoutEffect, useRef } from 'react';

/**
 * TanStack Query's `useMutation`, whose function and callbacks are always the latest render's.
 * TanStack hands a mutation its new options in a plain effect, and Preact runs plain effects after
 * paint: a click in between ran the render before's function, e.g. with no user yet, and the
 * upgrade dialog's payment tab stayed blank (ADR 066). Here each function reads the options kept
 * in a layout effect, which runs in the render's own task, so no click can come between. The
 * web app's only `useMutation` (lint forbids TanStack's own elsewhere).
 */
export function useMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TOnMutateResult = unknown,
>(
  options: UseMutationOptions<TData, TError, TVariables, TOnMutateResult>,
): UseMutationResult<TData, TError, TVariables, TOnMutateResult> {
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const { mutationFn, onMutate, onSuccess, onError, onSettled } = options;
  return useQueryMutation({
    ...options,
    // Each is passed on only where this render has one, so TanStack's defaults still apply.
    mutationFn: mutationFn && ((...args) => (latest.current.mutationFn ?? mutationFn)(...args)),
    onMutate: onMutate && ((...args) => (latest.current.onMutate ?? onMutate)(...args)),
    onSuccess: onSuccess && ((...args) => (latest.current.onSuccess ?? onSuccess)(...args)),
    onError: onError && ((...args) => (latest.current.onError ?? onError)(...args)),
    onSettled: onSettled && ((...args) => (latest.current.onSettled ?? onSettled)(...args)),
  });
}

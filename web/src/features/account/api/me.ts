import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@/lib/api-client';
import { SESSION_SCOPED, sessionQueryOptions } from '@/lib/session';
import type { OrderHistory, User } from '@/lib/api/types';

/** Query key root of the logged-in user's data. */
export const ME_QUERY_KEY = ['me'] as const;

/** `GET /api/me`. @throws {ApiError} 401 `AUTH_REQUIRED` for a guest. */
export function getMe(signal?: AbortSignal): Promise<User> {
  return apiGet<User>('/api/me', { signal });
}

/** Query options for {@link getMe}. */
export const meQueryOptions = queryOptions({
  queryKey: [...ME_QUERY_KEY, 'profile'] as const,
  meta: SESSION_SCOPED,
  queryFn: ({ signal }) => getMe(signal),
});

/** `GET /api/me/orders`: the user's orders, newest first. */
export function getMyOrders(signal?: AbortSignal): Promise<OrderHistory> {
  return apiGet<OrderHistory>('/api/me/orders', { signal });
}

/** Query options for {@link getMyOrders}. */
export const myOrdersQueryOptions = queryOptions({
  queryKey: [...ME_QUERY_KEY, 'orders'] as const,
  meta: SESSION_SCOPED,
  queryFn: ({ signal }) => getMyOrders(signal),
});

/** The user's orders. */
export function useMyOrders() {
  return useQuery(myOrdersQueryOptions);
}

/** Body of {@link updateMe}: what to change. */
export interface ProfileInput {
  name?: string;
  email?: string;
  /** International format; empty clears it. */
  phone?: string;
  phoneCountry?: string;
}

/**
 * `PATCH /api/me`. @throws {ApiError} 422 with field errors, 409 `AUTH_EMAIL_TAKEN`.
 */
export function updateMe(input: ProfileInput): Promise<User> {
  return apiSend<User>('PATCH', '/api/me', input);
}

/**
 * `POST /api/me/password` (204). @throws {ApiError} 422 `AUTH_PASSWORD_WRONG` (`currentPassword`),
 * `AUTH_PASSWORD_TOO_SHORT` (`newPassword`).
 */
export function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  return apiSend<void>('POST', '/api/me/password', { currentPassword, newPassword });
}

/** Saves the profile; the answer becomes the profile and the session's user (no reload). */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => {
      queryClient.setQueryData(meQueryOptions.queryKey, user);
      queryClient.setQueryData(sessionQueryOptions.queryKey, (session) => session && { ...session, user });
    },
  });
}

import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSendWithToken, type MutationMethod } from '@/lib/api-client';
import type {
  AdminOrder,
  AdminOrdersPage,
  OwnerReview,
  ShopState,
  StaffSession,
  StaffView,
  StatusRequest,
} from '@/lib/api/types';

/** Query key of the staff session (`GET /api/admin/session`). */
export const STAFF_SESSION_KEY = ['admin', 'session'] as const;

/** Every back-office query's key starts with this: a log-in or log-out drops them all. */
const ADMIN_KEY = ['admin'] as const;

/** The staff session: who is logged in (or `null`) and the token state-changing requests send. */
export const staffSessionOptions = queryOptions({
  queryKey: STAFF_SESSION_KEY,
  queryFn: ({ signal }) => apiGet<StaffSession>('/api/admin/session', { signal }),
  staleTime: Infinity,
});

/** The staff session query. */
export function useStaffSession() {
  return useQuery(staffSessionOptions);
}

/**
 * A state-changing back-office request with the staff session's CSRF token; a 401 (the session ended) or a 403
 * `CSRF_TOKEN_INVALID` makes the session be asked for again.
 */
export function useStaffSend() {
  const client = useQueryClient();
  return async <T>(method: MutationMethod, path: string, body?: unknown): Promise<T> => {
    const session = await client.fetchQuery(staffSessionOptions);
    try {
      return await apiSendWithToken<T>(method, path, session.csrfToken, body);
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 401 || status === 403) await client.invalidateQueries({ queryKey: STAFF_SESSION_KEY });
      throw error;
    }
  };
}

/** Logs in and starts over with the new session (its new id and token). */
export function useStaffLogin() {
  const client = useQueryClient();
  const send = useStaffSend();
  return useMutation({
    mutationFn: (input: { email: string; password: string }) => send<{ staff: StaffView }>('POST', '/api/admin/login', input),
    onSuccess: () => client.resetQueries({ queryKey: ADMIN_KEY }),
  });
}

/** Logs out; the back office shows its log-in again. */
export function useStaffLogout() {
  const client = useQueryClient();
  const send = useStaffSend();
  return useMutation({
    mutationFn: () => send<void>('POST', '/api/admin/logout'),
    onSettled: () => client.resetQueries({ queryKey: ADMIN_KEY }),
  });
}

/** Sets the password through the one-time link's token. */
export function useSetStaffPassword() {
  const send = useStaffSend();
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => send<void>('POST', '/api/admin/password', input),
  });
}

/** The order list's filters, as the page's query string holds them. */
export interface OrderFilters {
  status: string;
  q: string;
  /** `YYYY-MM-DD`, the staff member's local day. */
  from: string;
  to: string;
  page: number;
}

/** The start of local day `day` (`YYYY-MM-DD`) as an RFC 3339 instant; `offsetDays` moves it (the end's next day). */
function localDayStart(day: string, offsetDays = 0): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + offsetDays);
  return date.toISOString();
}

/** The API's query parameters of `filters` (dates as instants of the staff member's local days). */
export function orderParams(filters: OrderFilters): Record<string, string | number | undefined> {
  return {
    status: filters.status || undefined,
    q: filters.q || undefined,
    from: localDayStart(filters.from),
    to: localDayStart(filters.to, 1),
    page: filters.page > 1 ? filters.page : undefined,
  };
}

/** The orders `filters` list. */
export function useAdminOrders(filters: OrderFilters) {
  return useQuery({
    queryKey: ['admin', 'orders', filters],
    queryFn: ({ signal }) => apiGet<AdminOrdersPage>('/api/admin/orders', { params: orderParams(filters), signal }),
    placeholderData: keepPreviousData,
  });
}

/** One order with its whole history. */
export function useAdminOrder(number: string) {
  return useQuery({
    queryKey: ['admin', 'order', number],
    queryFn: ({ signal }) => apiGet<AdminOrder>(`/api/admin/orders/${encodeURIComponent(number)}`, { signal }),
  });
}

/** Changes an order's status; the order and the lists are fetched again either way (a 409 means it moved on). */
export function useSetOrderStatus(number: string) {
  const client = useQueryClient();
  const send = useStaffSend();
  return useMutation({
    mutationFn: (body: StatusRequest) =>
      send<AdminOrder>('POST', `/api/admin/orders/${encodeURIComponent(number)}/status`, body),
    onSuccess: (order) => client.setQueryData(['admin', 'order', number], order),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] , predicate: (q) => q.queryKey[1] !== 'session' }),
  });
}

/** The pending reviews. */
export function usePendingReviews() {
  return useQuery({
    queryKey: ['admin', 'reviews'],
    queryFn: ({ signal }) => apiGet<OwnerReview[]>('/api/admin/reviews', { signal }),
  });
}

/** Publishes (`publish`) or deletes a review. */
export function useModerateReview() {
  const client = useQueryClient();
  const send = useStaffSend();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'publish' | 'delete' }) =>
      action === 'publish'
        ? send<void>('POST', `/api/admin/reviews/${id}/publish`)
        : send<void>('DELETE', `/api/admin/reviews/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'reviews'] }),
  });
}

/** The shop's state: imports, pictures, mail. */
export function useShopState() {
  return useQuery({
    queryKey: ['admin', 'state'],
    queryFn: ({ signal }) => apiGet<ShopState>('/api/admin/state', { signal }),
  });
}

/** The staff (owners only). */
export function useStaffList() {
  return useQuery({
    queryKey: ['admin', 'staff'],
    queryFn: ({ signal }) => apiGet<StaffView[]>('/api/admin/staff', { signal }),
  });
}

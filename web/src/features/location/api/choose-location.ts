import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, type Location, type SessionAnswer } from '@/lib/api-client';
import { sessionQueryOptions } from '@/lib/session';

/**
 * `POST /api/location {id}` (issue 8): makes city `id` the shopper's delivery location; the server keeps it in the
 * session and in the `vitrina_location` cookie (32 832 000 s) and answers the city.
 *
 * @throws {ApiError} 422 `LOCATION_NOT_FOUND` (field `id`) for an unknown city, 403 `CSRF_TOKEN_INVALID` after one
 *   retry, network failures.
 */
export function chooseLocation(id: number): Promise<Location> {
  return apiPost<Location>('/api/location', { id });
}

/**
 * Mutation of {@link chooseLocation}, taking the city's id. Its answer is written into the session query's data
 * (`location`), so the header's widget and the checkout's city follow without a reload or another request.
 */
export function useChooseLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseLocation,
    onSuccess: (location) => {
      queryClient.setQueryData<SessionAnswer>(sessionQueryOptions.queryKey, (session) =>
        session ? { ...session, location } : session,
      );
    },
  });
}

import { useQuery } from '@tanstack/react-query';
import type { UsersResponse } from '@shared/contracts/users';
import { apiGet } from '@/lib/api-client';

/** GET /api/users: everyone a canned response may assign tickets to. */
export function useUsers() {
  return useQuery({
    // The URL as the key: one cache entry with every other feature that reads /api/users.
    queryKey: ['/api/users'],
    queryFn: ({ signal }) => apiGet<UsersResponse>('/api/users', { signal }),
    select: (data) => data.users,
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserDetails, UserPatchBody } from '@app/contract';
import { api } from '../../lib/api.ts';

// GET/PATCH /dj-rest-auth/user/ (spec §7 lists them without {base}).
const USER_PATH = '/dj-rest-auth/user/';
const USER_KEY = ['auth', 'user'] as const;

export function useUser() {
  return useQuery({ queryKey: USER_KEY, queryFn: () => api.get<UserDetails>(USER_PATH), staleTime: 0, gcTime: 0 });
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (names: UserPatchBody) => api.patch<UserDetails>(USER_PATH, names),
    onSuccess: (user) => qc.setQueryData(USER_KEY, user),
  });
}

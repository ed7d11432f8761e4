import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type UserPatchBody } from '@app/contract';
import { call } from '../../lib/api.ts';

// GET/PATCH /dj-rest-auth/user/ (spec §7 lists them without {base}).
const USER_KEY = ['auth', 'user'] as const;
const { auth } = endpoints;

export function useUser() {
  return useQuery({ queryKey: USER_KEY, queryFn: () => call(auth.user), staleTime: 0, gcTime: 0 });
}

/** POST /dj-rest-auth/logout/all/: ends every session of the user, this one included. */
export function useLogoutEverywhere() {
  return useMutation({ mutationFn: () => call(auth.logoutAll) });
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (names: UserPatchBody) => call(auth.updateUser, { body: names }),
    onSuccess: (user) => qc.setQueryData(USER_KEY, user),
  });
}

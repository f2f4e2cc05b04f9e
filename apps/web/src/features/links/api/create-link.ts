import type { CreateLinkBody, Link } from '@nest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { linksQueryKey } from './get-links';

/** A new link to one of the nest's offers, labelled with where it will be used (POST /api/v1/links). */
export function createLink(body: CreateLinkBody): Promise<Link> {
  return api.post<Link>('/api/v1/links', body);
}

export function useCreateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksQueryKey }),
  });
}

import type { Link, UpdateLinkBody } from '@nest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { linksQueryKey } from './get-links';

/** Rename a link, or turn it off and on (PATCH /api/v1/links/{id}). */
export function updateLink(id: string, body: UpdateLinkBody): Promise<Link> {
  return api.patch<Link>(`/api/v1/links/${encodeURIComponent(id)}`, body);
}

export function useUpdateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateLinkBody }) => updateLink(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksQueryKey }),
  });
}

import type { Nest } from '@nest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { nestQueryKey } from './get-nest';

/**
 * Uploads the nest's logo (POST /api/v1/nests/me/logo): the image file itself is the body. The API
 * checks the real type on the bytes and re-encodes it as a WebP of at most 256×256.
 */
export function uploadLogo(image: Blob): Promise<Nest> {
  return api.post<Nest>('/api/v1/nests/me/logo', image, {
    headers: { 'content-type': image.type || 'application/octet-stream' },
  });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: (nest) => queryClient.setQueryData(nestQueryKey, nest),
  });
}

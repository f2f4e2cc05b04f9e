import type { CreateNestBody, Nest } from '@nest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { nestQueryKey } from './get-nest';
import { uploadLogo } from './upload-logo';

/** Creates the merchant's one nest (POST /api/v1/nests); the API marks the merchant onboarded. */
export function createNest(body: CreateNestBody): Promise<Nest> {
  return api.post<Nest>('/api/v1/nests', body);
}

export interface CreateNestInput {
  body: CreateNestBody;
  /** Already checked (and shrunk when needed) in the browser; uploaded once the nest exists. */
  logo: Blob | null;
}

export interface CreateNestResult {
  nest: Nest;
  /** Set when the nest was made but its logo was refused: the merchant can add it again. */
  logoError: unknown;
}

/**
 * Creates the nest, then uploads its logo. A logo that fails does not undo the nest (onboarding is
 * done); the screen says the logo was not saved. `onCreated` runs before the cached nest is replaced:
 * the form that called it is unmounted by that replacement, and with it any callback given to `mutate`.
 */
export function useCreateNest(options: { onCreated?: (result: CreateNestResult) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, logo }: CreateNestInput): Promise<CreateNestResult> => {
      const nest = await createNest(body);
      if (!logo) return { nest, logoError: null };
      try {
        return { nest: await uploadLogo(logo), logoError: null };
      } catch (error) {
        return { nest, logoError: error };
      }
    },
    onSuccess: (result) => {
      options.onCreated?.(result);
      queryClient.setQueryData(nestQueryKey, result.nest);
    },
  });
}

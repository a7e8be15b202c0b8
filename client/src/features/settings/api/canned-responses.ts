import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CannedResponseResult,
  CannedResponsesResponse,
  CreateCannedResponseInput,
  UpdateCannedResponseInput,
} from '@shared/contracts/canned-responses';
import { apiGet, apiSend } from '@/lib/api-client';

const URL = '/api/canned-responses';
const responseUrl = (id: string) => `${URL}/${encodeURIComponent(id)}`;
/** The URL as the key: the Reply card's picker (tickets feature) reads the same entries. */
const cannedResponsesKey = [URL] as const;

/** GET /api/canned-responses?search=: team responses and the caller's own, most used first. */
export const getCannedResponses = (search: string, signal?: AbortSignal) =>
  apiGet<CannedResponsesResponse>(search ? `${URL}?${new URLSearchParams({ search }).toString()}` : URL, {
    signal,
  });

export function useCannedResponses(search: string) {
  return useQuery({
    queryKey: [...cannedResponsesKey, search],
    queryFn: ({ signal }) => getCannedResponses(search, signal),
    placeholderData: keepPreviousData,
    select: (data) => data.responses,
  });
}

/** POST, PUT or DELETE of one response; every list shown afterwards is read again. */
export function useSaveCannedResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      id?: string;
      create?: CreateCannedResponseInput;
      update?: UpdateCannedResponseInput;
    }) =>
      input.id
        ? apiSend<CannedResponseResult>('PUT', responseUrl(input.id), input.update)
        : apiSend<CannedResponseResult>('POST', URL, input.create),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cannedResponsesKey }),
  });
}

export function useDeleteCannedResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend<void>('DELETE', responseUrl(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cannedResponsesKey }),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Rule,
  RuleInput,
  RulePreviewInput,
  RulePreviewResponse,
  RuleRunsResponse,
  RulesResponse,
} from '@shared/contracts/rules';
import { apiGet, apiSend } from '@/lib/api-client';

const URL = '/api/rules';
const ruleUrl = (id: string) => `${URL}/${encodeURIComponent(id)}`;

/** GET /api/rules (admins), by position; the previews and runs sit under it, so a change refreshes them too. */
export const RULES_KEY = [URL] as const;

const selectRules = (data: RulesResponse) => data.rules;

export function useRules() {
  return useQuery({
    queryKey: RULES_KEY,
    queryFn: ({ signal }) => apiGet<RulesResponse>(URL, { signal }),
    select: selectRules,
  });
}

/** After a change the list is read again; the mutation settles once it is, so focus finds the new rows. */
function useInvalidateRules() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: RULES_KEY });
}

/** POST /api/rules → 201 {rule}. */
export function useCreateRule() {
  const invalidate = useInvalidateRules();
  return useMutation({
    mutationFn: (input: RuleInput) => apiSend<{ rule: Rule }>('POST', URL, input),
    onSuccess: invalidate,
  });
}

/** PUT /api/rules/{id}: the whole rule (the list's switch sends it with `active` changed). */
export function useUpdateRule() {
  const invalidate = useInvalidateRules();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RuleInput }) =>
      apiSend<{ rule: Rule }>('PUT', ruleUrl(id), input),
    onSuccess: invalidate,
  });
}

/** DELETE /api/rules/{id} → 204. */
export function useDeleteRule() {
  const invalidate = useInvalidateRules();
  return useMutation({
    mutationFn: (id: string) => apiSend<void>('DELETE', ruleUrl(id)),
    onSuccess: invalidate,
  });
}

/**
 * PUT /api/rules/order {ids} → the rules in their new order. The list shows the new order at once (a
 * dragged row must not jump back while the request runs) and the answer replaces it; a refusal puts
 * the order the server holds back.
 */
export function useReorderRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => apiSend<RulesResponse>('PUT', `${URL}/order`, { ids }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: RULES_KEY, exact: true });
      queryClient.setQueryData<RulesResponse>(RULES_KEY, (data) => {
        if (!data) return data;
        const byId = new Map(data.rules.map((rule) => [rule.id, rule]));
        const rules = ids.flatMap((id) => byId.get(id) ?? []);
        return rules.length === data.rules.length ? { rules } : data;
      });
    },
    onSuccess: (data) => queryClient.setQueryData(RULES_KEY, data),
    onError: () => queryClient.invalidateQueries({ queryKey: RULES_KEY, exact: true }),
  });
}

/**
 * POST /api/rules/preview: how many open tickets the conditions match now. Read afresh at each
 * opening of the editor (tickets change); null asks nothing.
 */
export function useRulePreview(input: RulePreviewInput | null) {
  return useQuery({
    queryKey: [...RULES_KEY, 'preview', input] as const,
    queryFn: ({ signal }) => apiSend<RulePreviewResponse>('POST', `${URL}/preview`, input, { signal }),
    enabled: input !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** GET /api/rules/{id}/runs?limit=: the rule's last runs, newest first, read afresh at each opening. */
export function useRuleRuns(id: string, limit: number) {
  return useQuery({
    queryKey: [...RULES_KEY, id, 'runs', { limit }] as const,
    queryFn: ({ signal }) =>
      apiGet<RuleRunsResponse>(`${ruleUrl(id)}/runs?${new URLSearchParams({ limit: String(limit) })}`, {
        signal,
      }),
    select: (data) => data.runs,
    staleTime: 0,
  });
}

import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/** A write to a list: on success the list (every query under `queryKey`) reloads, and any other list it changes. */
export function useListMutation<Input, Output = unknown>(queryKey: QueryKey, mutationFn: (input: Input) => Promise<Output>, alsoChanges: readonly QueryKey[] = []) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all([queryKey, ...alsoChanges].map((key) => client.invalidateQueries({ queryKey: key }))),
  });
}

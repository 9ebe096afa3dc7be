import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/** A write to a list: on success the list (every query under `queryKey`) reloads. */
export function useListMutation<Input>(queryKey: QueryKey, mutationFn: (input: Input) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey }) });
}

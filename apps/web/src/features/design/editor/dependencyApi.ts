import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { FormField } from '../api';

/**
 * Dependent fields (spec section 4): SetChildFormField makes fields children of a Select parent shown
 * for one of its options; CleanParentFormField detaches one child. Failures are shown in the dialog.
 */
export function useDependencyMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: ['design'] });
  return {
    setChildren: useMutation({
      mutationFn: ({
        parentId,
        parentVisibleRule,
        childFormFieldList,
      }: {
        parentId: string;
        parentVisibleRule: string;
        childFormFieldList: string[];
      }) =>
        api
          .post<FormField>(
            `/FormFields/${parentId}/SetChildFormField`,
            { parentVisibleRule, childFormFieldList },
            { quietErrors: true },
          )
          .then((r) => r.data),
      onSettled: done,
    }),
    cleanParent: useMutation({
      mutationFn: (childId: string) =>
        api.post<FormField>(`/FormFields/${childId}/CleanParentFormField`, {}, { quietErrors: true }).then((r) => r.data),
      onSettled: done,
    }),
  };
}

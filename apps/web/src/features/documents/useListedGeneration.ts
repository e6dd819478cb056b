import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DocumentStatusReply } from '@edc/domain';
import type { ApiReply } from '../../shared/api/client';
import { useGeneratedDocument } from '../../shared/documents/generatedDocument';

/**
 * A generate button of the documents page: asks for the document with the texts of its `kind` (the
 * `documents:<kind>.ready/failed` keys), follows it to Done, and reloads the list so the new one shows Started.
 * `ask` resolves true when the server took the request (the dialog may then close).
 */
export function useListedGeneration(kind: 'template' | 'archive') {
  const { t } = useTranslation();
  const client = useQueryClient();
  const texts = useMemo(
    () => ({
      ready: (name: string) => t(`documents:${kind}.ready`, { name }),
      download: t('documents:page.download'),
      failed: t(`documents:${kind}.failed`),
    }),
    [t, kind],
  );
  const { busy, start } = useGeneratedDocument(texts);
  const [saving, setSaving] = useState(false);
  const ask = async (request: () => Promise<ApiReply<DocumentStatusReply>>) => {
    setSaving(true);
    const asked = await start(request);
    setSaving(false);
    if (asked) void client.invalidateQueries({ queryKey: ['documents', 'list'] });
    return asked;
  };
  return { busy, saving, ask };
}

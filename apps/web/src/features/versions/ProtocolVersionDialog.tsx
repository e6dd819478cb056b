import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { design, isoToText } from '@edc/domain';
import { DateField } from '../../shared/components/DateField';
import { dateText } from '../../shared/forms/dateText';
import { formResolver } from '../../shared/forms/zodI18n';
import { DesignDialog, RhfText, SubmitActions } from '../design/components/common';
import { useProtocolVersionMutations, type ProtocolVersion } from './api';
import { DialogProblems } from './DialogProblems';
import { messagesOf, showServerErrors } from './serverErrors';

const protocolForm = z.object({
  protocolVersionNumber: design.protocolVersionCreate.shape.protocolVersionNumber,
  protocolVersionDate: dateText(),
});
type ProtocolInput = z.input<typeof protocolForm>;
type ProtocolOutput = z.output<typeof protocolForm>;
const resolver = formResolver(protocolForm);
const FIELDS = ['protocolVersionNumber', 'protocolVersionDate'] as const;

/** Create a protocol version, or edit one (`version` given): number and date, both required (spec section 5). */
export function ProtocolVersionDialog({
  researchId,
  version,
  onClose,
}: {
  researchId: string;
  version?: ProtocolVersion;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { create, update } = useProtocolVersionMutations();
  const form = useForm<ProtocolInput, unknown, ProtocolOutput>({
    resolver,
    defaultValues: {
      protocolVersionNumber: version?.protocolVersionNumber ?? '',
      protocolVersionDate: isoToText(version?.protocolVersionDate),
    },
  });
  const [problems, setProblems] = useState<string[]>([]);
  const callbacks = {
    onSuccess: onClose,
    onError: (e: unknown) => setProblems(messagesOf(showServerErrors(e, form.setError, FIELDS))),
  };
  const submit = form.handleSubmit((values) => {
    setProblems([]);
    if (version) update.mutate({ id: version.id, body: { ...values, updatedAt: version.updatedAt } }, callbacks);
    else create.mutate({ researchId, ...values }, callbacks);
  });
  return (
    <DesignDialog
      open
      onClose={onClose}
      title={
        version ? t('versions:protocol.editTitle', { number: version.protocolVersionNumber }) : t('versions:protocol.create')
      }
      onSubmit={(e) => void submit(e)}
      actions={
        <SubmitActions
          onCancel={onClose}
          pending={create.isPending || update.isPending}
          label={version ? t('common:actions.save') : t('versions:actions.create')}
        />
      }
    >
      <RhfText
        control={form.control}
        name="protocolVersionNumber"
        label={t('versions:protocol.number')}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <DateField
        control={form.control}
        name="protocolVersionDate"
        required
        label={t('versions:protocol.date')}
        fullWidth
        margin="dense"
      />
      <DialogProblems problems={problems} />
    </DesignDialog>
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isoToText, offeredVersionIndexes, sortVersions } from '@edc/domain';
import { dateText } from '../../shared/forms/dateText';
import { formResolver } from '../../shared/forms/zodI18n';
import { DesignDialog, RhfText, SubmitActions } from '../design/components/common';
import { useResearchVersionMutations, type ResearchVersion } from './api';
import { defaultStartDate } from './dates';
import { DialogProblems } from './DialogProblems';
import { NewVersionFields, StartDateAndDescription } from './NewVersionFields';
import { NEW_VERSION_FIELDS, newVersionResolver, type NewVersionInput, type NewVersionOutput } from './newVersionForm';
import { messagesOf, showServerErrors } from './serverErrors';

// ------------------------------------------------------------------------------------------- create

/**
 * A new research version (spec sections 4 and 5): one of the two offered indexes, a start date not before
 * the last version's, an optional description. The server's refusals ('Версия 1.0 уже существует!', the
 * date rules) appear under their inputs.
 */
export function CreateResearchVersionDialog({
  researchId,
  versions,
  onClose,
}: {
  researchId: string;
  versions: readonly ResearchVersion[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { create } = useResearchVersionMutations();
  const last = sortVersions(versions).at(-1);
  const offered = offeredVersionIndexes(last);
  // The first version is usually 1.0; later ones a minor step.
  const initial = last ? offered[0] : offered[1];
  const form = useForm<NewVersionInput, unknown, NewVersionOutput>({
    resolver: newVersionResolver,
    defaultValues: { ...initial, startedDate: defaultStartDate(last?.startedDate), description: '' },
  });
  const [problems, setProblems] = useState<string[]>([]);
  const submit = form.handleSubmit((values) => {
    setProblems([]);
    create.mutate(
      { researchId, ...values, description: values.description || null },
      { onSuccess: onClose, onError: (e) => setProblems(messagesOf(showServerErrors(e, form.setError, NEW_VERSION_FIELDS))) },
    );
  });
  return (
    <DesignDialog
      open
      onClose={onClose}
      title={t('versions:research.create')}
      onSubmit={(e) => void submit(e)}
      actions={<SubmitActions onCancel={onClose} pending={create.isPending} label={t('versions:actions.create')} />}
    >
      <NewVersionFields form={form} offered={offered} last={last} autoFocus />
      <DialogProblems problems={problems} />
    </DesignDialog>
  );
}

// --------------------------------------------------------------------------------------------- edit

const editForm = z.object({
  startedDate: dateText(),
  description: z.string().trim().max(4000),
  testedSubjects: z
    .string()
    .trim()
    .regex(/^\d{0,9}$/),
});
type EditInput = z.input<typeof editForm>;
type EditOutput = z.output<typeof editForm>;
const editResolver = formResolver(editForm);
const EDIT_FIELDS = ['startedDate', 'description', 'testedSubjects'] as const;

/** Edit a version's description, planned tested subjects and — the last version only — its start date. */
export function EditResearchVersionDialog({ version, onClose }: { version: ResearchVersion; onClose: () => void }) {
  const { t } = useTranslation();
  const { update } = useResearchVersionMutations();
  const form = useForm<EditInput, unknown, EditOutput>({
    resolver: editResolver,
    defaultValues: {
      startedDate: isoToText(version.startedDate),
      description: version.description ?? '',
      testedSubjects: version.testedSubjects === null ? '' : String(version.testedSubjects),
    },
  });
  const [problems, setProblems] = useState<string[]>([]);
  const submit = form.handleSubmit((values) => {
    setProblems([]);
    update.mutate(
      {
        id: version.id,
        body: {
          description: values.description || null,
          testedSubjects: values.testedSubjects === '' ? null : Number(values.testedSubjects),
          ...(version.isLast ? { startedDate: values.startedDate } : {}),
          updatedAt: version.updatedAt,
        },
      },
      { onSuccess: onClose, onError: (e) => setProblems(messagesOf(showServerErrors(e, form.setError, EDIT_FIELDS))) },
    );
  });
  return (
    <DesignDialog
      open
      onClose={onClose}
      title={t('versions:research.editTitle', { index: version.index })}
      onSubmit={(e) => void submit(e)}
      actions={<SubmitActions onCancel={onClose} pending={update.isPending} label={t('common:actions.save')} />}
    >
      <StartDateAndDescription
        control={form.control}
        dateDisabled={!version.isLast}
        dateHelperText={version.isLast ? undefined : t('versions:research.onlyLastDate')}
        focus={version.isLast ? 'date' : 'description'}
      />
      <RhfText
        control={form.control}
        name="testedSubjects"
        type="number"
        label={t('versions:research.testedSubjects')}
        helperText={t('versions:research.testedSubjectsHint')}
        slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
      />
      <DialogProblems problems={problems} />
    </DesignDialog>
  );
}

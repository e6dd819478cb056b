import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { NoteType } from '@edc/domain';
import { FormDialog } from '../../../../shared/components/FormDialog';
import { addNote, type NoteWhere } from '../../notesApi';
import { NoteDialogBody, NoteFailure, NoteTextField, useNoteWrite } from './noteParts';

/**
 * A new note on a field (spec sections 2 and 5): a query of the caller's type (QA, DM, monitor) or a site's
 * comment. The text is required; a failure keeps it and shows the server's message.
 */
export function AddNoteDialog({
  fieldText,
  type,
  where,
  onClose,
}: {
  fieldText: string;
  type: NoteType;
  where: NoteWhere;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const { saving, failure, run } = useNoteWrite(where);
  const comment = type === 'Comment';
  const submit = async () => {
    if (text.trim() === '') {
      setMissing(true);
      return;
    }
    await run(
      () => addNote(type, where.subjectFormFieldId, text.trim()),
      t(comment ? 'notes:add.doneComment' : 'notes:add.done'),
      onClose,
    );
  };
  return (
    <FormDialog
      title={t(comment ? 'notes:add.titleComment' : 'notes:add.title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={saving}
      fullScreenOnPhone
    >
      <NoteDialogBody>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
          <Typography component="dt" color="text.secondary">
            {t('notes:add.field')}
          </Typography>
          <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
            {fieldText}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {t('notes:add.type')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }} data-testid="note-type">
            {t(`notes:type.${type}`)}
          </Typography>
        </Box>
        <NoteTextField
          label={t(comment ? 'notes:add.textComment' : 'notes:add.text')}
          value={text}
          onChange={(v) => {
            setText(v);
            if (v.trim() !== '') setMissing(false);
          }}
          error={missing}
        />
        <NoteFailure message={failure} />
      </NoteDialogBody>
    </FormDialog>
  );
}

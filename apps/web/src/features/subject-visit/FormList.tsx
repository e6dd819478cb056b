import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import { formCompletedStatus, type SubjectFormBrief } from '@edc/domain';
import { CompletedStatusChip, PointChips } from '../subjects/ui';
import { formTitle } from './format';
import { NoteStatusIndicator } from './NoteIndicator';

const GREEN = '#2e7d32';

/** A form's progress: completed sections over all sections in per cent, green at 100 (spec section 2). */
function Progress({ form }: { form: SubjectFormBrief }) {
  const { t } = useTranslation();
  const percent = Math.round(form.progress);
  const done = percent >= 100;
  return (
    <Box>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, percent)}
        aria-label={t('dataEntry:page.progress', { done: form.completedSectionCount, all: form.sectionCount, percent })}
        sx={{ height: 8, borderRadius: 4, ...(done ? { '& .MuiLinearProgress-bar': { bgcolor: GREEN } } : {}) }}
      />
      <Typography
        variant="body2"
        sx={{ mt: 0.5, color: done ? GREEN : 'text.secondary', fontWeight: done ? 600 : 400 }}
        data-testid="form-progress"
      >
        {percent}%
      </Typography>
    </Box>
  );
}

/** The form's place in the completed-status sequence (validation included), in the spec's colour. */
function FormStatus({ form }: { form: SubjectFormBrief }) {
  const { t } = useTranslation();
  const status = formCompletedStatus(form);
  const label = t(`validation:formStatus.${status}`);
  return (
    <Box sx={{ mb: 1 }} data-testid="form-status" data-status={status} title={t('validation:formStatusLabel', { status: label })}>
      <CompletedStatusChip status={status} label={label} />
    </Box>
  );
}

/** The visit's forms as cards, each opening the subject form dialog; a card shows its points (at most 6, then '+N'). */
export function FormList({ forms, onOpen }: { forms: SubjectFormBrief[]; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
      }}
    >
      {forms.map((f) => {
        const title = formTitle(f, t);
        return (
          <Card component="li" variant="outlined" key={f.id} data-testid="subject-form-card">
            <CardActionArea
              onClick={() => onOpen(f.id)}
              aria-label={t('dataEntry:page.openForm', { title })}
              aria-describedby={f.noteStatus ? `form-notes-${f.id}` : undefined}
              sx={{ p: 2, height: '100%' }}
            >
              <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, mb: 1 }}>
                <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
                  {title}
                </Typography>
                <NoteStatusIndicator status={f.noteStatus} id={`form-notes-${f.id}`} />
                {f.isComplete && <CheckCircle fontSize="small" sx={{ color: GREEN }} aria-hidden />}
              </Stack>
              <FormStatus form={f} />
              <Progress form={f} />
              {f.pointList.length > 0 && (
                <Box sx={{ mt: 1 }} data-testid="form-points">
                  <PointChips points={f.pointList} />
                </Box>
              )}
            </CardActionArea>
          </Card>
        );
      })}
    </Box>
  );
}

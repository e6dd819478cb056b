import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SubjectFormFieldReply } from '@edc/domain';
import { Loading } from '../../../../shared/components/Loading';
import { readField } from '../../api';

/** The context forms created from a field; each opens in a new tab (spec section 2). */
export function ContextFormsDialog({
  field,
  subjectVisitId,
  onClose,
}: {
  field: SubjectFormFieldReply;
  subjectVisitId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const fresh = useQuery({ queryKey: ['subjectFormField', field.id], queryFn: () => readField(field.id), staleTime: 0 });
  const list = fresh.data?.contextSubjectFormList ?? [];
  return (
    <Dialog open onClose={onClose} aria-labelledby={id} fullWidth maxWidth="sm">
      <DialogTitle id={id}>{t('dataEntry:context.title', { field: field.formField.text })}</DialogTitle>
      <DialogContent>
        {fresh.isPending ? (
          <Loading />
        ) : fresh.isError ? (
          <Alert severity="error">{t('dataEntry:form.loadError')}</Alert>
        ) : list.length === 0 ? (
          <Typography color="text.secondary">{t('dataEntry:context.empty')}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {list.map((f) => {
              const title =
                f.repeatedIndex > 0 ? t('dataEntry:page.formTitle', { title: f.title, n: f.repeatedIndex + 1 }) : f.title;
              return (
                <li key={f.id}>
                  <Link
                    href={`/subjectVisit/${f.subjectVisitId || subjectVisitId}?id=${f.id}`}
                    target="_blank"
                    rel="noopener"
                    aria-label={t('dataEntry:context.open', { title })}
                    sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                  >
                    {title}
                    <OpenInNew fontSize="inherit" aria-hidden />
                  </Link>
                </li>
              );
            })}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { common, supportTicketRequest } from '@edc/domain';
import { api } from '../../shared/api/client';
import { hasToken } from '../../shared/api/session';
import { FormTextField } from '../../shared/components/FormTextField';
import { formResolver } from '../../shared/forms/zodI18n';
import { currentEmployee, useMe } from '../identity/api';

const schema = supportTicketRequest.extend({ email: z.union([z.literal(''), common.email]).optional() });
const signedOutSchema = supportTicketRequest.extend({ email: common.email });
type Values = z.input<typeof schema>;

/** Help request (spec: email required when signed out; description required; protocol appended to the topic). */
export default function HelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const signedIn = hasToken();
  const me = useMe();
  const protocol = currentEmployee(me.data)?.researchOrganisation.research.grlsProtocolNumber;

  const resolver = useMemo(() => formResolver(signedIn ? schema : signedOutSchema), [signedIn]);
  const form = useForm<Values>({
    resolver: resolver as never,
    defaultValues: { email: '', topic: '', description: '' },
  });

  const send = useMutation({
    mutationFn: (values: Values) => {
      const topic = (values.topic ?? '').trim();
      const body = {
        ...(signedIn ? {} : { email: values.email }),
        topic: signedIn && protocol ? t('support:topicWithProtocol', { topic, protocol }).trim() : topic,
        description: values.description,
      };
      return api.post('/support/addTicket', body);
    },
    onSuccess: () => {
      form.reset();
      onClose();
    },
  });

  return (
    <Dialog
      open={open}
      onClose={send.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="help-dialog-title"
    >
      <form noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))}>
        <DialogTitle id="help-dialog-title">{t('support:title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('support:intro')}</DialogContentText>
          {!signedIn && (
            <FormTextField
              control={form.control}
              name="email"
              label={t('support:email')}
              type="email"
              autoComplete="email"
              required
              autoFocus
            />
          )}
          <FormTextField
            control={form.control}
            name="topic"
            label={t('support:topic')}
            autoFocus={signedIn}
            helperText={signedIn && protocol ? t('support:topicHint', { protocol }) : undefined}
          />
          <FormTextField
            control={form.control}
            name="description"
            label={t('support:description')}
            required
            multiline
            minRows={4}
            maxRows={12}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={send.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={send.isPending}>
            {t('support:send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

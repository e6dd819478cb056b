import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Close from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import type { ScheduleDocumentReply } from '@edc/domain';
import { ApiError } from '../../shared/api/client';
import { downloadScheduleDocument, useScheduleDocument } from './api';

/** Spec section 9: the notice of a made report hides after 8 seconds. */
export const NOTICE_HIDES_MS = 8000;

/**
 * The schedule report being made (spec section 4): the document is read every 2 seconds until it is Done
 * (then downloaded once, the notice hiding 8 seconds later) or Error (the notice stays until closed). The page
 * stays usable meanwhile.
 */
export function ScheduleNotice({ started, onHide }: { started: ScheduleDocumentReply; onHide: () => void }) {
  const { t } = useTranslation();
  const polled = useScheduleDocument(started.id);
  const doc = polled.data ?? started;
  const refused = polled.error instanceof ApiError && polled.error.status >= 400 && polled.error.status < 500;
  const done = doc.status === 'Done' && Boolean(doc.documentLink);
  const failed = doc.status === 'Error' || refused;
  const downloaded = useRef(false);
  const latest = useRef({ doc, onHide });
  latest.current = { doc, onHide };

  // Once made: downloaded once, and hidden 8 s later (the timer only hangs on `done`, not on each reply).
  useEffect(() => {
    if (!done) return;
    if (!downloaded.current) {
      downloaded.current = true;
      // A failed download is toasted (shared/api/transfer.ts); the notice offers it again until it hides.
      void downloadScheduleDocument(latest.current.doc).catch(() => undefined);
    }
    const timer = window.setTimeout(() => latest.current.onHide(), NOTICE_HIDES_MS);
    return () => window.clearTimeout(timer);
  }, [done]);

  const close = (
    <IconButton size="small" color="inherit" aria-label={t('timepoints:schedule.close')} onClick={onHide}>
      <Close fontSize="small" />
    </IconButton>
  );
  return (
    <Box role="status" aria-label={t('timepoints:schedule.notice')} sx={{ mb: 2 }} data-testid="schedule-notice">
      {failed ? (
        <Alert severity="error" action={close}>
          {t('timepoints:schedule.failed')}
          {refused && polled.error instanceof ApiError ? `: ${polled.error.message}` : ''}
        </Alert>
      ) : done ? (
        <Alert
          severity="success"
          action={
            <>
              <Button color="inherit" size="small" onClick={() => void downloadScheduleDocument(doc).catch(() => undefined)}>
                {t('timepoints:schedule.download')}
              </Button>
              {close}
            </>
          }
        >
          {t('timepoints:schedule.ready', { name: doc.name })}
        </Alert>
      ) : (
        <Alert severity="info">
          {t('timepoints:schedule.preparing')}
          <LinearProgress sx={{ mt: 1, minWidth: 200 }} aria-label={t('timepoints:schedule.preparing')} />
        </Alert>
      )}
    </Box>
  );
}

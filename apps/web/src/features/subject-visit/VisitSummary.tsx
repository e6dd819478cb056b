import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { useTranslation } from 'react-i18next';
import type { SubjectVisitPage } from '@edc/domain';
import { displayDate, displayDateTime } from './format';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary" variant="body2">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}

/** The visit's facts: collapsible description, date, versions, sign date and signature, end. */
export function VisitSummary({ page }: { page: SubjectVisitPage }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const rov = page.researchOrganisationVersion;
  const rv = rov?.researchVersion ?? page.researchVersion;
  const descriptionId = `visit-description-${page.id}`;
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: 'auto 1fr', md: 'auto 1fr auto 1fr' },
            columnGap: 2,
            rowGap: 0.75,
            alignItems: 'baseline',
          }}
        >
          <Fact label={t('dataEntry:page.date')}>{displayDate(page.date)}</Fact>
          <Fact label={t('dataEntry:page.signDate')}>{displayDate(page.signDate) || t('dataEntry:page.notSigned')}</Fact>
          <Fact label={t('dataEntry:page.researchVersion')}>
            {rv ? t('dataEntry:page.researchVersionValue', { index: rv.index, date: displayDate(rv.startedDate) }) : '—'}
          </Fact>
          <Fact label={t('dataEntry:page.protocolVersion')}>
            {rov
              ? t('dataEntry:page.protocolVersionValue', {
                  number: rov.protocolVersion.protocolVersionNumber,
                  date: displayDate(rov.protocolVersion.protocolVersionDate),
                })
              : '—'}
          </Fact>
        </Box>
        {page.completedAt && (
          <Typography sx={{ mt: 1.5 }} data-testid="visit-ended">
            {t('dataEntry:page.ended', { date: displayDateTime(page.completedAt) })}
            {page.completeMessage ? ` · ${t('dataEntry:page.endReason', { message: page.completeMessage })}` : ''}
          </Typography>
        )}
        {page.signature && (
          <Box
            sx={{ mt: 2, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
            data-testid="signature"
            role="group"
            aria-label={t('dataEntry:signature.title')}
          >
            <Typography variant="subtitle2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
              <VerifiedOutlined fontSize="small" color="success" aria-hidden /> {t('dataEntry:signature.title')}
            </Typography>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
              <Fact label={t('dataEntry:signature.signedBy')}>
                {page.signature.printedName}
                {page.signature.employeeType ? ` (${t(`enums:employeeType.${page.signature.employeeType}`)})` : ''}
              </Fact>
              <Fact label={t('dataEntry:signature.signedAt')}>{displayDateTime(page.signature.signedAt)}</Fact>
              <Fact label={t('dataEntry:signature.meaning')}>{page.signature.meaning}</Fact>
            </Box>
            {page.signature.changedSinceSigning ? (
              <Chip
                sx={{ mt: 1 }}
                color="warning"
                icon={<WarningAmber />}
                label={t('dataEntry:signature.changed')}
                data-testid="signature-changed"
              />
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('dataEntry:signature.unchanged')}
              </Typography>
            )}
          </Box>
        )}
        <Button
          size="small"
          sx={{ mt: 1.5, ml: -1 }}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={descriptionId}
          endIcon={<ExpandMore sx={{ transform: open ? 'rotate(180deg)' : undefined, transition: '0.2s' }} />}
        >
          {t('dataEntry:page.description')}
        </Button>
        <Collapse in={open} id={descriptionId}>
          <Typography sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }} color={page.description ? undefined : 'text.secondary'}>
            {page.description || t('dataEntry:page.noDescription')}
          </Typography>
        </Collapse>
      </CardContent>
    </Card>
  );
}

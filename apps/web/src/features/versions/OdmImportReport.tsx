import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OdmImportReply } from './api';
import { OdmSameAs } from './OdmSameAs';

/** In the order a designer reads a study: visits hold forms, forms sections, sections fields. */
const COUNTS = ['visits', 'forms', 'sections', 'formFields', 'fields', 'formTypes', 'codeLists'] as const;
/** What an update did to the version's visits, forms, sections and fields. */
const UPDATE_COUNTS = ['created', 'updated', 'unchanged', 'removed'] as const;

/**
 * What an ODM import created (or, for an update of the recognised version, what it created, changed, left and
 * removed), and what it could not carry over (in the caller's language, from the server).
 */
export function OdmImportReport({ report }: { report: OdmImportReply }) {
  const { t } = useTranslation();
  const { researchVersion: version, counts, unmapped, update } = report;
  const rows = update
    ? UPDATE_COUNTS.map((key) => ({
        key,
        label: t(`versions:odm.updateCount.${key}`),
        value: update[key],
        testId: `odm-update-${key}`,
      }))
    : COUNTS.map((key) => ({ key, label: t(`versions:odm.count.${key}`), value: counts[key], testId: `odm-count-${key}` }));
  return (
    <Box data-testid="odm-report">
      <Alert severity={unmapped.length ? 'warning' : 'success'} sx={{ mb: 2 }}>
        {t(update ? 'versions:odm.updated' : 'versions:odm.created', { index: version?.index ?? '' })}
      </Alert>
      {report.sameAs && !update && <OdmSameAs sameAs={report.sameAs} />}
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }} id="odm-report-created">
        {t(update ? 'versions:odm.updatedHeading' : 'versions:odm.createdHeading')}
      </Typography>
      <Box
        component="dl"
        aria-labelledby="odm-report-created"
        sx={{ m: 0, mb: 2, display: 'grid', gridTemplateColumns: 'max-content auto', columnGap: 3, rowGap: 0.5 }}
      >
        {rows.map((row) => (
          <Box key={row.key} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {row.label}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, fontVariantNumeric: 'tabular-nums', fontWeight: 500 }}
              data-testid={row.testId}
            >
              {row.value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }} id="odm-report-unmapped">
        {t('versions:odm.unmappedHeading', { count: unmapped.length })}
      </Typography>
      {unmapped.length === 0 ? (
        <Typography color="text.secondary">{t('versions:odm.nothingLost')}</Typography>
      ) : (
        <List
          dense
          aria-labelledby="odm-report-unmapped"
          sx={{ maxHeight: { sm: 320 }, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          {unmapped.map((u, i) => (
            <ListItem key={`${u.element}-${u.oid ?? ''}-${i}`} divider={i < unmapped.length - 1}>
              <ListItemText
                primary={u.message}
                secondary={u.oid ? `${u.element} · ${u.oid}` : u.element}
                slotProps={{ secondary: { sx: { fontFamily: 'monospace', overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

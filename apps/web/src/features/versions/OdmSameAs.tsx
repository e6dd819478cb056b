import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OdmImportReply } from './api';

type SameAs = NonNullable<OdmImportReply['sameAs']>;

/** One list of the diff (added, removed or changed OIDs), when it has any. */
function OidList({ title, items }: { title: string; items: { key: string; text: string }[] }) {
  if (!items.length) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: 160, overflowY: 'auto' }}>
        {items.map((i) => (
          <Typography component="li" variant="body2" key={i.key} sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {i.text}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/**
 * A re-import recognised (the reply's `sameAs`): the file is the design of an existing version again; what it
 * adds, removes and changes against that version's export.
 */
export function OdmSameAs({ sameAs }: { sameAs: SameAs }) {
  const { t } = useTranslation();
  const same = !sameAs.added.length && !sameAs.removed.length && !sameAs.changed.length;
  const change = (c: SameAs['changed'][number]) =>
    [
      `${c.element} ${c.oid}`,
      c.name ? `${t('versions:odm.sameAs.name')}: ${c.name.before} → ${c.name.after}` : null,
      c.type ? `${t('versions:odm.sameAs.type')}: ${c.type.before} → ${c.type.after}` : null,
    ]
      .filter(Boolean)
      .join('; ');
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="odm-same-as">
      {t(same ? 'versions:odm.sameAs.identical' : 'versions:odm.sameAs.differs', { index: sameAs.index })}
      <OidList
        title={t('versions:odm.sameAs.added', { count: sameAs.added.length })}
        items={sameAs.added.map((a) => ({ key: `a${a.element}${a.oid}`, text: `${a.element} ${a.oid}` }))}
      />
      <OidList
        title={t('versions:odm.sameAs.removed', { count: sameAs.removed.length })}
        items={sameAs.removed.map((a) => ({ key: `r${a.element}${a.oid}`, text: `${a.element} ${a.oid}` }))}
      />
      <OidList
        title={t('versions:odm.sameAs.changed', { count: sameAs.changed.length })}
        items={sameAs.changed.map((c) => ({ key: `c${c.element}${c.oid}`, text: change(c) }))}
      />
      {sameAs.truncated && <Typography variant="body2">{t('versions:odm.sameAs.truncated')}</Typography>}
    </Alert>
  );
}

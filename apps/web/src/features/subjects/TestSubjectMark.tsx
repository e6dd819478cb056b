import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/**
 * The mark of a test subject (entered at a test site during the test phase, docs/qa-validation.md "Test
 * data"): shown wherever the subject is, since its data are left out of statistics and exports by default.
 */
export function TestSubjectMark() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('subjects:testSubject.hint')}>
      <Chip
        size="small"
        color="secondary"
        variant="outlined"
        label={t('subjects:testSubject.mark')}
        data-testid="test-subject-mark"
        sx={{ ml: 0.75, height: 20, fontSize: '0.7rem' }}
      />
    </Tooltip>
  );
}

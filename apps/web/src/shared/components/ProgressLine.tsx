import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/**
 * The progress of a long request (an upload, then the server's work): its label announced politely to
 * assistive technology, and a bar that is determinate while a percentage is known.
 */
export function ProgressLine({ label, percent, testId }: { label: string; percent: number | null; testId?: string }) {
  return (
    <Box sx={{ mt: 2 }} data-testid={testId}>
      <Typography variant="body2" role="status" aria-live="polite" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <LinearProgress
        variant={percent === null ? 'indeterminate' : 'determinate'}
        value={percent ?? undefined}
        aria-label={label}
      />
    </Box>
  );
}
